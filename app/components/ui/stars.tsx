import { SYMBOLS } from "~/components/ui/icons";
import { filledStars } from "~/models/product/product";

export interface StarsProps {
  rating: number;
  reviews?: number;
  /** "(12)" on cards, "(12 reviews)" on the product page. */
  reviewsStyle?: "short" | "long";
  size?: "sm" | "md";
}

/** "4.6" for 4.6, "4" for 4.0: the number a shopper would say. */
function ratingText(rating: number): string {
  const safe = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return String(Math.round(safe * 10) / 10);
}

/** One string, so React renders one element for five stars (ADR 013). */
const FIVE_STARS = `<svg><use href="#${SYMBOLS.star}"></use></svg>`.repeat(5);

/** Decorative stars, coloured by the row's class (ADR 013); the rating is text (docs/accessibility.md). */
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
          // Screen readers and lynx read "(12 reviews)", not the number twice.
          <span className="meta">
            {`(${count}`}
            <span className="sr-only">{` ${noun}`}</span>)
          </span>
        ))}
    </div>
  );
}
