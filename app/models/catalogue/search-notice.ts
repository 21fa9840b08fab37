import type { SearchReading } from "./catalogue-facets";

/**
 * The words the catalogue says after its heading when the results are not simply what was typed
 * (docs/catalogue.md#search): null when there is nothing to say (the term matched
 * as typed, no search, or no products at all, which the empty results say instead).
 */
export function searchNoticeText(term: string, reading: SearchReading | null): string | null {
  if (!term || !reading) return null;
  switch (reading.kind) {
    case "corrected":
      return reading.held < reading.counted
        ? `No exact match for "${term}". Showing results for "${reading.term}": products that match ${wordsOf(reading.held, reading.counted)}.`
        : `No exact match for "${term}". Showing results for "${reading.term}".`;
    case "some-words":
      return `No product matches every word of "${term}". Showing products that match ${wordsOf(reading.held, reading.counted)}.`;
    case "as-typed":
    case "nothing":
      return null;
  }
}

/** "1 of its 2 words", "2 of its 3 words". */
function wordsOf(held: number, counted: number): string {
  return `${held} of its ${counted} ${counted === 1 ? "word" : "words"}`;
}

/** The link after a corrected term's notice, to the term as typed (`exact=1`). */
export function exactSearchLabel(term: string): string {
  return `Search exactly for "${term}"`;
}

/** The link to the suggested term when nothing matched the exact term. */
export function suggestionLabel(suggestion: string): string {
  return `Did you mean "${suggestion}"?`;
}
