import { describe, expect, it } from "vitest";

import { BUDGETS, checkBudgets, KB, type Measurements, withinLimit } from "../../scripts/bench/budgets";
import { parseBenchOptions } from "../../scripts/bench/options";
import { comparisonTable, table } from "../../scripts/bench/report";
import { median, ratio, type RoundFigures, roundOrder, summarise } from "../../scripts/bench/stats";

/** The benchmark's arithmetic, budget checks and options (scripts/bench/*.ts). */

function figures(target: string, round: number, requestsPerSecond: number, p99 = 10): RoundFigures {
  return {
    round,
    target,
    requests: requestsPerSecond * 4,
    seconds: 4,
    requestsPerSecond,
    p50: p99 / 2,
    p99,
    max: p99 * 2,
    statuses: { "200": requestsPerSecond * 4 },
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

describe("median and ratio", () => {
  it("take the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("are not moved by one disturbed round", () => {
    expect(median([100, 98, 3, 101, 99])).toBe(99);
    // A round with no answer has an unknown latency, at least the whole round: it sorts last.
    expect(median([40, Infinity, 60])).toBe(60);
    expect(median([Infinity, Infinity, 60])).toBe(Infinity);
  });

  it("divide by a positive ceiling only", () => {
    expect(ratio(150, 1000)).toBe(0.15);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(1, NaN)).toBeNaN();
  });
});

describe("summarise", () => {
  it("gives each target's medians over the rounds and its ratio to the ceiling's median", () => {
    const rounds = [
      figures("static", 1, 1000),
      figures("about", 1, 100, 50),
      figures("static", 2, 3000),
      figures("about", 2, 200, 70),
      figures("static", 3, 2000),
      figures("about", 3, 400, 90),
    ];
    rounds[1]!.non2xx = 2;
    const [ceiling, about] = summarise(rounds, "static");
    expect(ceiling).toMatchObject({ target: "static", requestsPerSecond: 2000, ratio: 1 });
    expect(about).toMatchObject({ target: "about", requestsPerSecond: 200, ratio: 0.1, p99: 70, p50: 35 });
    expect(about!.requests).toBe(2800);
    expect(about!.non2xx).toBe(2);
  });
});

describe("roundOrder", () => {
  it("starts one target further along each round", () => {
    expect(roundOrder(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
    expect(roundOrder(["a", "b", "c"], 1)).toEqual(["b", "c", "a"]);
    expect(roundOrder(["a", "b", "c"], 4)).toEqual(["b", "c", "a"]);
    expect(roundOrder([], 3)).toEqual([]);
  });
});

describe("checkBudgets", () => {
  const passing: Measurements = {
    targets: [
      { ...summary("about-rendered"), ratio: 0.12 },
      { ...summary("cold-product"), ratio: 0.08 },
      { ...summary("cold-search"), ratio: 0.05 },
      { ...summary("cold-typo-search"), ratio: 0.05 },
      { ...summary("search"), p99: 99 },
    ],
    peakRssMb: 300,
    firstVisit: { htmlRawBytes: 60 * KB, jsGzipBytes: 105 * KB, cssGzipBytes: 15 * KB },
  };

  function summary(target: string) {
    return { target, requestsPerSecond: 1, p50: 1, p99: 1, ratio: 1, requests: 1, non2xx: 0, errors: 0, timeouts: 0 };
  }

  it("passes every budget exactly at its limit (and p99 just under 100 ms)", () => {
    const results = checkBudgets(passing);
    expect(results).toHaveLength(BUDGETS.length);
    expect(results.filter((r) => !r.passed)).toEqual([]);
  });

  it("fails each figure just past its limit", () => {
    const failing: Measurements = {
      targets: [
        { ...summary("about-rendered"), ratio: 0.119 },
        { ...summary("cold-product"), ratio: 0.079 },
        { ...summary("cold-search"), ratio: 0.049 },
        { ...summary("cold-typo-search"), ratio: 0.049 },
        { ...summary("search"), p99: 100 },
      ],
      peakRssMb: 300.1,
      firstVisit: { htmlRawBytes: 60 * KB + 1, jsGzipBytes: 105 * KB + 1, cssGzipBytes: 15 * KB + 1 },
    };
    expect(checkBudgets(failing).filter((r) => r.passed)).toEqual([]);
  });

  it("fails a budget whose target was not measured", () => {
    const results = checkBudgets({ ...passing, targets: [] });
    expect(results.find((r) => r.name.startsWith("/about"))).toMatchObject({ passed: false });
    expect(results.find((r) => r.name.startsWith("search p99"))?.actual).toBeNaN();
  });

  it("leaves out the budgets of targets a run left out on purpose (--targets), and no other", () => {
    const results = checkBudgets({ ...passing, targets: [], leftOut: ["about-rendered", "cold-product", "search"] });
    expect(results.map((r) => r.name)).not.toContain("/about rendered, ratio to static");
    expect(results.find((r) => r.name === "cold search, ratio")).toMatchObject({ passed: false });
    expect(results.find((r) => r.name === "server peak RSS")).toMatchObject({ passed: true });
  });

  it("never passes NaN", () => {
    expect(withinLimit(NaN, ">=", 0)).toBe(false);
    expect(withinLimit(NaN, "<", 1)).toBe(false);
    expect(withinLimit(NaN, "<=", 1)).toBe(false);
  });
});

describe("parseBenchOptions", () => {
  it("has the documented defaults", () => {
    expect(parseBenchOptions([])).toEqual({
      products: 10_000,
      rounds: 5,
      seconds: 4,
      warmupSeconds: 2,
      connections: 20,
      port: 3200,
      skipBuild: false,
      noFail: false,
      json: null,
      compare: null,
      dataDir: null,
      nodeArgs: [],
      topology: "server",
      targets: null,
    });
  });

  it("reads what npm passes after --", () => {
    const options = parseBenchOptions([
      "--",
      "--products",
      "100000",
      "--skip-build",
      "--no-fail",
      "--json",
      "out.json",
      "--node-args=--max-old-space-size=200 --trace-gc",
    ]);
    expect(options).toMatchObject({ products: 100_000, skipBuild: true, noFail: true, json: "out.json" });
    expect(options.nodeArgs).toEqual(["--max-old-space-size=200", "--trace-gc"]);
    expect(parseBenchOptions(["--topology", "proxy"]).topology).toBe("proxy");
    expect(parseBenchOptions(["--targets", "cold-search,cold-typo-search"]).targets).toEqual([
      "cold-search",
      "cold-typo-search",
    ]);
  });

  it("refuses what it does not know or cannot use", () => {
    expect(() => parseBenchOptions(["--product", "10"])).toThrow();
    expect(() => parseBenchOptions(["--rounds", "0"])).toThrow(/--rounds/);
    expect(() => parseBenchOptions(["--seconds", "2.5"])).toThrow(/--seconds/);
    expect(() => parseBenchOptions(["extra"])).toThrow();
    expect(() => parseBenchOptions(["--topology", "cluster"])).toThrow(/--topology must be server or proxy/);
  });
});

describe("report tables", () => {
  it("align figures right and the first column left", () => {
    expect(
      table(
        ["target", "req/s"],
        [
          ["static", "6,000"],
          ["about", "900"],
        ],
      ),
    ).toBe(["target  req/s", "static  6,000", "about     900"].join("\n"));
  });

  it("compare the targets both runs measured", () => {
    const then = summarise([figures("static", 1, 1000), figures("about", 1, 100, 80)], "static");
    const now = summarise([figures("static", 1, 1000), figures("about", 1, 150, 40), figures("new", 1, 5)], "static");
    const text = comparisonTable(then, now);
    expect(text).toContain("about");
    expect(text).toContain("+50 %");
    expect(text).toContain("0.100 → 0.150");
    expect(text).not.toContain("new");
  });
});
