import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';

interface Line {
  msg: string;
  reqId?: string;
  jobId?: number;
  job?: string;
}

/** Issue 22: a job queued while a request is served logs that request's id, and so do the jobs it queues. */
describe('request id through jobs', () => {
  const lines: Line[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(
      {},
      {
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } },
        beforeReady: (app) => {
          app.jobs.define('trace.test.first', async (payload: { n: number }, job) => {
            job.log.info({ n: payload.n }, 'first job ran');
            await app.jobs.enqueue('trace.test.second', { n: payload.n });
          });
          app.jobs.define('trace.test.second', async (_payload, job) => {
            job.log.info('second job ran');
          });
          app.jobs.define('trace.test.failing', async () => {
            throw new Error('nope');
          });
          app.post('/test/queue', async (request) => {
            await app.jobs.enqueue('trace.test.first', { n: 1 });
            await app.jobs.enqueue('trace.test.failing', {});
            return { id: request.id };
          });
        },
      },
    );
  });
  afterAll(() => ctx.close());

  it('the job lines carry the queuing request id; an untraced job has none', async () => {
    const answer = await ctx.app.inject({ method: 'POST', url: '/test/queue' });
    const requestId = answer.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(answer.json()).toEqual({ id: requestId });
    // Queued outside any request: no id.
    await ctx.app.jobs.enqueue('trace.test.second', { n: 2 });
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();

    const first = lines.find((l) => l.msg === 'first job ran');
    expect(first).toMatchObject({ reqId: requestId, job: 'trace.test.first' });
    expect(first!.jobId).toBeGreaterThan(0);
    const seconds = lines.filter((l) => l.msg === 'second job ran');
    expect(seconds).toHaveLength(2);
    // The job queued by the first job carries the same request id; the one queued here has none.
    expect(seconds.filter((l) => l.reqId === requestId)).toHaveLength(1);
    expect(seconds.filter((l) => l.reqId === undefined)).toHaveLength(1);
    // The runner's own lines about a job (here: its failure) carry it too.
    expect(lines.find((l) => l.msg === 'job failed for good')).toMatchObject({ reqId: requestId, job: 'trace.test.failing' });
  });
});
