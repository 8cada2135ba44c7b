import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (issue 22): other modules add their counters to `registry`. */
    metrics: Metrics;
  }
}

export interface Metrics {
  registry: Registry;
  /** A counter registered once per name (modules may ask for it more than once). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L>;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** pg.Pool's counters when the database is PostgreSQL; PGlite is one connection in the process. */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const isPool = (client: unknown): client is PoolLike => typeof (client as PoolLike | undefined)?.waitingCount === 'number';

/**
 * `GET /metrics` in the Prometheus text format: requests and latency by route pattern (never by
 * raw URL — bounded label values), database pool use, background-job queue depth, the process's
 * own figures (event-loop lag, heap, GC, CPU) and whatever other modules register. With
 * `METRICS_TOKEN` set, a scraper sends `Authorization: Bearer <token>`; without it the endpoint
 * answers only outside production.
 */
async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  registry.setDefaultLabels({ instance_id: app.jobs?.instanceId ?? 'main' });
  collectDefaultMetrics({ register: registry, prefix: 'framecraft_', eventLoopMonitoringPrecision: 20 });

  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> =>
    (registry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames: [...labelNames], registers: [registry] });
  app.decorate('metrics', { registry, counter });

  const requests = counter('framecraft_http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']);
  const duration = new Histogram({
    name: 'framecraft_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // Callback-style: it runs on every request, and an async hook costs a promise per request.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const client = (app.deps.db as unknown as { $client?: unknown }).$client;
  new Gauge({
    name: 'framecraft_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; the embedded database is one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (isPool(client)) {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  new Gauge({
    name: 'framecraft_jobs',
    help: 'Background jobs waiting (queued) or running, all instances',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const depth = await app.jobs.depth();
      this.set({ state: 'queued' }, depth.queued);
      this.set({ state: 'running' }, depth.running);
    },
  });

  const token = app.deps.env.METRICS_TOKEN;
  const allowed = (request: FastifyRequest) => {
    if (!token) return app.deps.env.NODE_ENV !== 'production';
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  };
  app.get('/metrics', async (request, reply) => {
    if (!allowed(request)) return reply.code(token ? 401 : 404).type('text/plain; charset=utf-8').send(token ? 'unauthorised\n' : 'not found\n');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export const metricsPlugin = fp(metrics, { name: 'metrics', dependencies: ['jobs'] });
