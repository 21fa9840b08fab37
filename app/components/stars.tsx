import { filledStars } from "~/models/product";

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
 * A five-star rating. The stars are decoration (hidden from assistive technology); the rating
 * itself is text: "Rated 4.6 out of 5" (docs/accessibility.md#wcag-22-aa-commitments).
 */
export function Stars({ rating, reviews, reviewsStyle = "short", size = "sm" }: StarsProps) {
  const filled = filledStars(rating);
  const starClass = size === "md" ? "h-5 w-5" : "h-4 w-4";
  const count = reviews ?? 0;
  return (
    <div className="flex items-center gap-1.5">
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <svg
            key={i}
            viewBox="0 0 20 20"
            focusable="false"
            className={`${starClass} ${i < filled ? "text-amber-500" : "text-slate-300"}`}
          >
            <path
              fill="currentColor"
              d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
            />
          </svg>
        ))}
      </span>
      <span className="sr-only">Rated {ratingText(rating)} out of 5</span>
      {/* Flex layout drops this space; text browsers (lynx) need it after "out of 5". */}{" "}
      {reviews != null &&
        (reviewsStyle === "long" ? (
          <span className="text-sm text-slate-600">
            ({count} {count === 1 ? "review" : "reviews"})
          </span>
        ) : (
          // The eye sees "(12)"; screen readers and text browsers, which show hidden text too,
          // read "(12 reviews)" once rather than the number twice.
          <span className="text-sm text-slate-600">
            ({count}
            <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>)
          </span>
        ))}
    </div>
  );
}
