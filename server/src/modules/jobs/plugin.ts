import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { databaseKindOf } from '../../db/client.ts';
import { EMBEDDED_VACUUM_INTERVAL_MS, vacuumEachTable } from '../../db/upkeep.ts';
import { JobRunner, SUCCEEDED_KEEP_MS, traceScope } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `app.jobs` for every module (decision 020): modules define their jobs when they register;
 * main.ts starts polling after listen, and closing the app waits for the jobs this instance runs.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new JobRunner(app.deps.db, app.log);
    app.decorate('jobs', runner);
    // Jobs queued while a request is served carry its id into their log lines (issue 22).
    app.addHook('onRequest', (request, _reply, done) => traceScope.run({ requestId: request.id }, done));
    runner.every('jobs.cleanup', DAY_MS, async () => {
      await app.deps.db.execute(
        sql`delete from background_job where state = 'succeeded' and finish_time < now() - make_interval(secs => ${SUCCEEDED_KEEP_MS / 1000})`,
      );
    });
    // PostgreSQL vacuums by itself; the embedded database has no autovacuum (decision 066).
    if (databaseKindOf(app.deps) === 'pglite') {
      runner.every('db.vacuum', EMBEDDED_VACUUM_INTERVAL_MS, async (_payload, job) => {
        const started = performance.now();
        const { vacuumed, analyzed } = await vacuumEachTable(app.deps.db);
        job.log.info({ vacuumed, analyzed, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
      });
    }
    app.addHook('onClose', () => runner.stop(app.deps.env.SHUTDOWN_TIMEOUT_MS));
  },
  { name: 'jobs' },
);
