import { Counter, type CounterConfiguration, Gauge, type GaugeConfiguration, Registry } from "prom-client";

/**
 * The app's own Prometheus metrics: what only the app knows (password checks, the database, the
 * outages its pages answer). The server entry (server/main.ts) serves them beside its own on the
 * metrics listener (METRICS_PORT, docs/operations.md#metrics), never on the shop's port.
 *
 * A registry of our own, handed to the server through app/entry.server.tsx, rather than
 * prom-client's global one: the server and the app are two bundles, and a module in both would
 * register its metrics twice.
 */
export const appMetrics = new Registry();

// Each metric replaces one of its name: a module evaluated again (development's hot reload)
// brings its own, which would otherwise be refused as registered already.

export function appCounter<T extends string>(configuration: Omit<CounterConfiguration<T>, "registers">): Counter<T> {
  appMetrics.removeSingleMetric(configuration.name);
  return new Counter({ ...configuration, registers: [appMetrics] });
}

export function appGauge<T extends string>(configuration: Omit<GaugeConfiguration<T>, "registers">): Gauge<T> {
  appMetrics.removeSingleMetric(configuration.name);
  return new Gauge({ ...configuration, registers: [appMetrics] });
}

/** Pages and forms answered 503 because the data service was down, slow or overloaded. */
export const backendUnavailable = appCounter({
  name: "makervolt_backend_unavailable_total",
  help: "Answers that said 503 because the data service was down, slow or overloaded.",
});
