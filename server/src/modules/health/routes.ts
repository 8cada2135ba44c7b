import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../shared/errors.ts';

/** How long the readiness probe waits for the database before answering 503. */
const READY_TIMEOUT_MS = 3_000;

/**
 * Liveness (process up) and readiness (database reachable) for load balancers. While the database
 * is away `/readyz` answers 503 within READY_TIMEOUT_MS, and 200 again once it answers: the pool
 * reconnects by itself (decision 048).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => reply.ok({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      await Promise.race([app.deps.db.execute(sql`select 1`), timeout]);
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      throw new ApiError('api.serviceUnavailable', { httpStatus: 503 });
    } finally {
      clearTimeout(timer);
    }
    return reply.ok({ status: 'ready' });
  });
}
