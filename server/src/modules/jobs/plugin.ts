import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { JobRunner, SUCCEEDED_KEEP_MS } from './runner.ts';

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
    runner.every('jobs.cleanup', DAY_MS, async () => {
      await app.deps.db.execute(
        sql`delete from background_job where state = 'succeeded' and finish_time < now() - make_interval(secs => ${SUCCEEDED_KEEP_MS / 1000})`,
      );
    });
    app.addHook('onClose', () => runner.stop(app.deps.env.SHUTDOWN_TIMEOUT_MS));
  },
  { name: 'jobs' },
);
