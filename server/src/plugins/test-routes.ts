import { eq, sql } from 'drizzle-orm';
import { courseFile, lesson } from '../db/schema.ts';
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
    // The shutdown test waits for this line (request lines themselves are debug-level).
    request.log.info({ slowMs: ms }, 'test: slow request arrived');
    await sleep(ms);
    await app.deps.db.execute(sql`select 1`);
    return reply.ok({ sleptMs: ms });
  });

  // The e2e journeys solve the click captcha with its stored answer (target centres in image pixels).
  app.get('/__test/captchaAnswer', async (request, reply) => {
    const { id } = validate(z.object({ id: z.string().min(1).max(64) }), request.query, request.lang);
    return reply.ok((await app.captcha.answer(id)) ?? null);
  });

  // Until commerce's `POST /api/purchase/link` exists: a signed link to a demo file or lesson, so the
  // journeys can download and play through the browser (decision 024).
  app.get('/__test/signedLink', async (request, reply) => {
    const query = validate(
      z.object({ memberId: z.coerce.number().int().positive(), fileId: z.coerce.number().int().positive().optional(), lessonId: z.coerce.number().int().positive().optional() }),
      request.query,
      request.lang,
    );
    const db = app.deps.db;
    if (query.fileId) {
      const [row] = await db.select().from(courseFile).where(eq(courseFile.id, query.fileId));
      if (!row || !row.objectKey) return reply.ok(null);
      const object = { storage: row.storage as 'local_private', key: row.objectKey, name: row.name };
      return reply.ok(await app.storage.signedLink({ memberId: query.memberId, object, disposition: 'attachment', lang: request.lang }));
    }
    const [row] = await db.select().from(lesson).where(eq(lesson.id, query.lessonId ?? 0));
    if (!row || !row.objectKey) return reply.ok(null);
    const object = { storage: row.storage as 'local_private', key: row.objectKey, name: `${row.titleEn}.mp4`, mime: 'video/mp4' };
    return reply.ok(await app.storage.signedLink({ memberId: query.memberId, object, disposition: 'inline', lang: request.lang }));
  });
}
