import type { RowProblem } from "./catalogue-record.server";

/** At most this many problems are listed; one last problem counts the rest (docs/catalogue.md#the-checks). */
const PROBLEM_LIMIT = 1_000;

export class ProblemList {
  readonly listed: RowProblem[] = [];
  private unlisted = 0;
  private readonly unlistedRows = new Set<number>();

  add(problem: RowProblem): void {
    if (this.listed.length < PROBLEM_LIMIT) {
      this.listed.push(problem);
    } else {
      this.unlisted++;
      this.unlistedRows.add(problem.row);
    }
  }

  all(): RowProblem[] {
    if (this.unlisted === 0) return this.listed;
    const rows = this.unlistedRows.size;
    return [
      ...this.listed,
      {
        row: 0,
        field: "",
        message: `…and ${this.unlisted.toLocaleString("en-US")} more problem(s) on ${rows.toLocaleString("en-US")} row(s), not listed (only the first ${PROBLEM_LIMIT.toLocaleString("en-US")} are).`,
      },
    ];
  }
}
