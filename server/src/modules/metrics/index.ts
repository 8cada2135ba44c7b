/** Public API of metrics (Prometheus, issue 22): other modules import only this. */
export { metricsPlugin } from './plugin.ts';
export type { Metrics } from './plugin.ts';
