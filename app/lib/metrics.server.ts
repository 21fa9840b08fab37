import { Counter, type CounterConfiguration, Gauge, type GaugeConfiguration, Registry } from "prom-client";

/**
 * The app's metrics, served beside the server's (docs/operations.md#metrics). Not prom-client's global registry:
 * the server and the app are two bundles, and would register their metrics twice.
 */
export const appMetrics = new Registry();

// Each replaces one of its name: development's hot reload evaluates a module again.

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
