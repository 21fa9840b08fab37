/**
 * Reading a server's Prometheus metrics (METRICS_PORT, docs/operations.md#metrics) in tests.
 *
 *   const text = await scrape(metricsOrigin);
 *   sample(text, "makervolt_page_cache_lookups_total", { outcome: "hit" })   // a number, or null
 */

export async function scrape(origin: string): Promise<string> {
  const response = await fetch(new URL("/metrics", origin));
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}

/** The value of the series `name` with exactly these labels (in any order), or null when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").match(/[a-zA-Z_]\w*="(?:[^"\\]|\\.)*"/g) ?? [];
    if (have.sort().join(",") === wanted) return Number(match[3]);
  }
  return null;
}
