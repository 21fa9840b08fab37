import { SYMBOLS } from "~/components/ui/icons";
import { filledStars } from "~/models/product/product";

export interface StarsProps {
  /** 0 to 5; the stars fill up to the rating rounded down, the text keeps one decimal. */
  rating: number;
  /** Review count. "short" shows "(12)" (cards), "long" shows "(12 reviews)" (product page). */
  reviews?: number;
  reviewsStyle?: "short" | "long";
  /** Star size in Tailwind units: cards use small stars, the product page larger ones. */
  size?: "sm" | "md";
}

/** "4.6" for 4.6, "4" for 4.0: the number a shopper would say. */
function ratingText(rating: number): string {
  const safe = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return String(Math.round(safe * 10) / 10);
}

/**
 * The five glyphs, as one static string: there are 24 ratings on a catalogue page, and each
 * glyph as React elements would be two more for the server to render, for markup that never
 * changes (which of them are filled is the row's class).
 */
const FIVE_STARS = `<svg><use href="#${SYMBOLS.star}"></use></svg>`.repeat(5);

/**
 * A five-star rating. The stars are decoration (hidden from assistive technology), each a `<use>`
 * of the one star in IconSprite, coloured by the row's `stars-N` class (tailwind.css); the
 * rating itself is text: "Rated 4.6 out of 5" (docs/accessibility.md#wcag-22-aa-commitments).
 */
export function Stars({ rating, reviews, reviewsStyle = "short", size = "sm" }: StarsProps) {
  const filled = filledStars(rating);
  const count = reviews ?? 0;
  const noun = count === 1 ? "review" : "reviews";
  // Whole strings rather than text and values side by side: one text node each, not three.
  return (
    <div className="rating">
      <span
        className={`stars ${size === "md" ? "stars-md " : ""}stars-${filled}`}
        aria-hidden="true"
        // A constant of our own: nothing a visitor sends reaches it.
        dangerouslySetInnerHTML={{ __html: FIVE_STARS }}
      />
      <span className="sr-only">{`Rated ${ratingText(rating)} out of 5`}</span>
      {/* Flex layout drops this space; text browsers (lynx) need it after "out of 5". */}{" "}
      {reviews != null &&
        (reviewsStyle === "long" ? (
          <span className="meta">{`(${count} ${noun})`}</span>
        ) : (
          // The eye sees "(12)"; screen readers and text browsers, which show hidden text too,
          // read "(12 reviews)" once rather than the number twice.
          <span className="meta">
            {`(${count}`}
            <span className="sr-only">{` ${noun}`}</span>)
          </span>
        ))}
    </div>
  );
}
