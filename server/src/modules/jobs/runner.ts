import { sql } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';

/** The job a handler is running. */
export interface JobContext {
  id: number;
  name: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  maxAttempts: number;
  /** The request that queued the job (its `reqId`), or null for periodic and untraced jobs. */
  requestId: string | null;
  /** The runner's logger bound to this job: its lines carry `reqId` (the queuing request's id), `jobId` and `job`. */
  log: FastifyBaseLogger;
}

export type JobHandler<P = unknown> = (payload: P, job: JobContext) => Promise<void> | void;

export interface JobOptions {
  /** Runs before the job is recorded as failed (default 1: no retry). */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each further one (default 10 s). */
  backoffMs?: number;
  /** How long a run may hold the job before another instance takes it over (default 5 min). */
  leaseMs?: number;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued or running job of this name with this key: a second enqueue is a no-op. */
  uniqueKey?: string;
  /** The request id to carry (default: the request or job this code runs for, see `traceScope`). */
  requestId?: string;
}

/**
 * Which request (or job) the code now running serves: the jobs plugin enters it for every request
 * (`onRequest`), the runner for every job it runs. `enqueue` stores its id with the job, so a job
 * queued during a request — and the jobs that job queues — log that request's id (issue 22).
 */
export const traceScope = new AsyncLocalStorage<{ requestId: string }>();

interface Definition {
  handler: JobHandler<never>;
  maxAttempts: number;
  backoffMs: number;
  leaseMs: number;
}

interface Claimed {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  request_id: string | null;
}

type Logger = FastifyBaseLogger;

/** Jobs claimed per query; a tick claims again while batches come back full. */
const BATCH = 10;
const MAX_BATCHES_PER_TICK = 10;
const ERROR_LENGTH = 2_000;

/** An interval of `n` milliseconds in SQL. */
const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/** Succeeded runs are kept this long for the back office, then deleted by `jobs.cleanup`. */
export const SUCCEEDED_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The job runner (decision 020): a job table polled by every instance. Claiming is one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so two instances never take the same
 * job; the handler runs after the claim has committed (no network call inside a transaction) and
 * its outcome is recorded by a guarded update. Works the same on PGlite and PostgreSQL.
 */
export class JobRunner {
  private readonly definitions = new Map<string, Definition>();
  private readonly periodic = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private current: Promise<number> = Promise.resolve(0);
  private schedulesReady = false;
  /** Identifies this instance's claims in logs. */
  readonly instanceId = randomUUID().slice(0, 8);

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Jobs waiting or running, by state (metrics: queue depth). Served by `background_job_due_idx`. */
  async depth(): Promise<Record<'queued' | 'running', number>> {
    const rows = await rowsOf<{ state: 'queued' | 'running'; count: number }>(
      this.db.execute(sql`select state, count(*)::int as count from background_job where state in ('queued', 'running') group by state`),
    );
    const depth = { queued: 0, running: 0 };
    for (const row of rows) depth[row.state] = Number(row.count);
    return depth;
  }

  /** Register the handler of a job name (every instance that should run it registers it). */
  define<P = unknown>(name: string, handler: JobHandler<P>, options: JobOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`Job ${name} is defined twice`);
    this.definitions.set(name, {
      handler: handler as JobHandler<never>,
      maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? 1)),
      backoffMs: Math.max(0, options.backoffMs ?? 10_000),
      leaseMs: Math.max(1_000, options.leaseMs ?? 5 * 60_000),
    });
  }

  /** A job run every `intervalMs`, once per interval across all instances (first run at the first tick). */
  every(name: string, intervalMs: number, handler: JobHandler<unknown>, options: JobOptions = {}): void {
    if (!Number.isInteger(intervalMs) || intervalMs < 1_000) throw new Error(`Job ${name}: interval must be at least 1000 ms`);
    this.define(name, handler, options);
    this.periodic.set(name, intervalMs);
    this.schedulesReady = false;
  }

  /**
   * Queue a job. Pass the caller's transaction as `tx` to queue it with the caller's work: it is
   * then queued only if that transaction commits. Returns the job id, or undefined when a job with
   * the same `uniqueKey` is already queued or running.
   */
  async enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}, tx?: Db): Promise<number | undefined> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}: define it before queueing it`);
    const runAt = options.runAt ?? new Date();
    const requestId = (options.requestId ?? traceScope.getStore()?.requestId ?? '').slice(0, 64) || null;
    const [row] = await rowsOf<{ id: number }>(
      (tx ?? this.db).execute(sql`
        insert into background_job (name, payload, unique_key, max_attempts, run_time, request_id)
        values (${name}, ${JSON.stringify(payload ?? {})}::jsonb, ${options.uniqueKey ?? null}, ${definition.maxAttempts}, ${runAt.toISOString()}::timestamptz, ${requestId})
        on conflict do nothing
        returning id`),
    );
    // Outside a transaction the job is visible now: run it soon rather than at the next poll.
    if (row && !tx && this.running && runAt.getTime() <= Date.now()) setImmediate(() => void this.runDue().catch(() => {}));
    return row?.id;
  }

  /** Put failed jobs back in the queue, due now, with their attempts counted afresh. Returns how many. */
  async retry(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await rowsOf<{ id: number }>(
      this.db.execute(sql`
        update background_job set state = 'queued', attempts = 0, run_time = now(), lock_until = null,
          finish_time = null, update_time = now()
        where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and state = 'failed'
          and not exists (select 1 from background_job other where other.name = background_job.name
            and other.unique_key = background_job.unique_key and other.state in ('queued', 'running'))
        returning id`),
    );
    return rows.length;
  }

  /**
   * One tick: queue the periodic jobs that are due, then claim and run due jobs until none is
   * left (each at most once per tick). Ticks of one instance never overlap. Tests call this
   * instead of waiting for the poll. Resolves to the number of jobs run.
   */
  runDue(): Promise<number> {
    const next = this.current.then(
      () => this.tick(),
      () => this.tick(),
    );
    this.current = next.catch(() => 0);
    return next;
  }

  /** Poll for due jobs every `pollMs` (main.ts, after listen). */
  start(pollMs: number): void {
    if (this.running) return;
    this.running = true;
    const loop = async () => {
      try {
        await this.runDue();
      } catch (err) {
        this.log.warn({ err }, 'job runner tick failed');
      }
      if (this.running) {
        this.timer = setTimeout(() => void loop(), pollMs);
        this.timer.unref();
      }
    };
    void loop();
  }

  /**
   * Stop polling and wait for the jobs this instance is running, at most `graceMs`: a job still
   * running then is left to its lease (another instance takes it over when it runs out).
   */
  async stop(graceMs = Infinity): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = Number.isFinite(graceMs) ? new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))) : new Promise<void>(() => {});
    await Promise.race([this.current, grace]);
    clearTimeout(timer);
  }

  private async tick(): Promise<number> {
    await this.schedulePeriodic();
    const names = [...this.definitions.keys()];
    if (names.length === 0) return 0;
    let ran = 0;
    const seen = new Set<number>();
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
      const claimed = (await this.claim(names)).filter((job) => !seen.has(job.id));
      for (const job of claimed) seen.add(job.id);
      await Promise.all(claimed.map((job) => this.run(job)));
      ran += claimed.length;
      if (claimed.length < BATCH) break;
    }
    return ran;
  }

  private async schedulePeriodic(): Promise<void> {
    if (this.periodic.size === 0) return;
    if (!this.schedulesReady) {
      for (const [name, intervalMs] of this.periodic) {
        // A shorter interval in new code takes effect at once; a longer one after the next run.
        await this.db.execute(sql`
          insert into job_schedule (name, interval_ms, next_run_time) values (${name}, ${intervalMs}, now())
          on conflict (name) do update set interval_ms = excluded.interval_ms,
            next_run_time = least(job_schedule.next_run_time, now() + ${ms(intervalMs)})`);
      }
      this.schedulesReady = true;
    }
    for (const [name, intervalMs] of this.periodic) {
      const definition = this.definitions.get(name)!;
      // The guarded update lets one instance per interval through; the run is an ordinary job
      // (retries, back-office row), queued in the same statement.
      await this.db.execute(sql`
        with due as (
          update job_schedule set next_run_time = now() + ${ms(intervalMs)}, last_run_time = now()
          where name = ${name} and next_run_time <= now()
          returning name)
        insert into background_job (name, payload, unique_key, max_attempts)
        select name, '{}'::jsonb, 'every', ${definition.maxAttempts} from due
        on conflict do nothing`);
    }
  }

  private async claim(names: string[]): Promise<Claimed[]> {
    // One lease for the batch: the longest of the names asked for keeps a slow handler's job safe.
    const leaseMs = Math.max(...names.map((name) => this.definitions.get(name)!.leaseMs));
    const nameList = sql.join(names.map((name) => sql`${name}`), sql`, `);
    return rowsOf<Claimed>(
      this.db.execute(sql`
        update background_job set state = 'running', attempts = attempts + 1, start_time = now(),
          lock_until = now() + ${ms(leaseMs)}, update_time = now()
        where id in (
          select id from background_job
          where name in (${nameList})
            and ((state = 'queued' and run_time <= now()) or (state = 'running' and lock_until < now()))
          order by run_time, id
          limit ${BATCH}
          for update skip locked)
        and (state = 'queued' or (state = 'running' and lock_until < now()))
        returning id, name, payload, attempts, max_attempts, request_id`),
    );
  }

  private async run(job: Claimed): Promise<void> {
    const definition = this.definitions.get(job.name)!;
    const log = this.log.child({ reqId: job.request_id ?? undefined, jobId: job.id, job: job.name, attempt: job.attempts });
    const context: JobContext = { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.max_attempts, requestId: job.request_id, log };
    let failure: unknown;
    try {
      const run = () => definition.handler(job.payload as never, context);
      // Jobs this one queues carry the same request id.
      await (job.request_id ? traceScope.run({ requestId: job.request_id }, run) : run());
    } catch (err) {
      failure = err ?? new Error('failed');
    }
    // Guarded: only the run that holds the claim records its outcome.
    const guard = sql`id = ${job.id} and state = 'running' and attempts = ${job.attempts}`;
    try {
      if (failure === undefined) {
        await this.db.execute(sql`
          update background_job set state = 'succeeded', lock_until = null, finish_time = now(), update_time = now()
          where ${guard}`);
        return;
      }
      const message = (failure instanceof Error ? failure.message || failure.name : String(failure)).slice(0, ERROR_LENGTH);
      if (job.attempts >= job.max_attempts) {
        log.error({ err: failure }, 'job failed for good');
        await this.db.execute(sql`
          update background_job set state = 'failed', last_error = ${message}, lock_until = null, finish_time = now(), update_time = now()
          where ${guard}`);
      } else {
        const delay = definition.backoffMs * 2 ** (job.attempts - 1);
        log.warn({ err: failure, retryInMs: delay }, 'job failed; will retry');
        await this.db.execute(sql`
          update background_job set state = 'queued', last_error = ${message}, lock_until = null,
            run_time = now() + ${ms(delay)}, update_time = now()
          where ${guard}`);
      }
    } catch (err) {
      // The lease runs out and the job is claimed again.
      log.error({ err }, 'could not record a job outcome');
    }
  }
}
