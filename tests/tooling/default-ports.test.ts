import { describe, expect, it } from "vitest";

import { DEFAULT_PORTS } from "../../scripts/support/default-ports";

describe("the runs' default ports", () => {
  it("never overlap, the end-to-end suite's five included", () => {
    const taken = Object.entries(DEFAULT_PORTS).flatMap(([run, port]) =>
      (run === "e2e" ? [0, 1, 2, 3, 4] : [0]).map((offset) => port + offset),
    );
    expect(new Set(taken).size).toBe(taken.length);
  });
});
