import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../shared/errors.ts';

/** Liveness (process up) and readiness (database reachable) for load balancers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => reply.ok({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.deps.db.execute(sql`select 1`);
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      throw new ApiError('api.serviceUnavailable', { httpStatus: 503 });
    }
    return reply.ok({ status: 'ready' });
  });
}
