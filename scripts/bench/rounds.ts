/** How every benchmark takes its measurements (docs/benchmarks.md): a warm-up, then alternating rounds. */
import type { BenchOptions } from "./options";
import { type RoundFigures, roundOrder } from "./stats";

/**
 * A warm-up turn for every target (none with `--warmup 0`), then `rounds` rounds in which every
 * target takes one turn, the order rotated a step each round, so a burst of load from something
 * else on the machine falls on all targets rather than on one. Prints each turn's requests a second.
 */
export async function warmUpAndAlternate<T extends { name: string }>(
  list: readonly T[],
  options: Pick<BenchOptions, "warmupSeconds" | "rounds" | "seconds">,
  turn: (target: T, round: number, seconds: number) => Promise<RoundFigures>,
): Promise<{ warmup: RoundFigures[]; rounds: RoundFigures[] }> {
  const warmup: RoundFigures[] = [];
  if (options.warmupSeconds > 0) {
    console.log(`Warming up: ${options.warmupSeconds} s per target ...`);
    for (const target of list) warmup.push(await turn(target, 0, options.warmupSeconds));
  }
  const rounds: RoundFigures[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    process.stdout.write(`Round ${round}/${options.rounds}:`);
    for (const target of roundOrder(list, round - 1)) {
      const figures = await turn(target, round, options.seconds);
      rounds.push(figures);
      process.stdout.write(` ${target.name} ${Math.round(figures.requestsPerSecond)}/s`);
    }
    process.stdout.write("\n");
  }
  return { warmup, rounds };
}
