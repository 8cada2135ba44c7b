import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** What a background job is doing; see decision 020. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Background jobs (decision 020). An instance claims due rows with `FOR UPDATE SKIP LOCKED`, runs
 * the handler outside any transaction, then records the outcome with a guarded update. A running
 * row whose lease (`lock_until`) ran out — its instance died — is claimed again.
 * `unique_key`: at most one queued or running job per (name, key).
 */
export const backgroundJob = pgTable(
  'background_job',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: varchar('state', { length: 10 }).$type<JobState>().notNull().default('queued'),
    uniqueKey: varchar('unique_key', { length: 200 }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    runAt: timestamp('run_time', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('lock_until', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    /** The request that queued the job (its log id), carried into the job's log lines (issue 22, migration 0026). */
    requestId: varchar('request_id', { length: 64 }),
    startedAt: timestamp('start_time', { withTimezone: true }),
    finishedAt: timestamp('finish_time', { withTimezone: true }),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('background_job_due_idx').on(t.state, t.runAt),
    uniqueIndex('background_job_unique_uq').on(t.name, t.uniqueKey).where(sql`state in ('queued', 'running')`),
    // Quick search of routine/backgroundJob (decision 040, migration 0027).
    index('background_job_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('background_job_last_error_trgm_idx').using('gin', t.lastError.op('gin_trgm_ops')),
  ],
);

/**
 * One row per periodic job: the instance whose guarded update moves `next_run_time` on enqueues
 * that interval's run, so a periodic job runs once per interval whatever the number of instances.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: varchar('name', { length: 100 }).primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_time', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_time', { withTimezone: true }),
});
