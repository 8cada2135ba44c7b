import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { validate } from '../shared/validation.ts';

/**
 * Routes that only the platform tests use against a spawned server; main.ts registers them
 * only when NODE_ENV=test and FRAMECRAFT_TEST_ROUTES=1.
 */
export async function testRoutes(app: FastifyInstance) {
  // A request that is still running when the process is told to stop; it then uses the
  // database, which must still be open.
  app.get('/__test/slow', async (request, reply) => {
    const { ms } = validate(z.object({ ms: z.coerce.number().int().min(0).max(60_000) }), request.query, request.lang);
    await sleep(ms);
    await app.deps.db.execute(sql`select 1`);
    return reply.ok({ sleptMs: ms });
  });

  // The e2e journeys solve the click captcha with its stored answer (target centres in image pixels).
  app.get('/__test/captchaAnswer', async (request, reply) => {
    const { id } = validate(z.object({ id: z.string().min(1).max(64) }), request.query, request.lang);
    return reply.ok((await app.captcha.answer(id)) ?? null);
  });
}
