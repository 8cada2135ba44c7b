import './testing/memory-storage.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../stores/language.ts';
import { isCancel, request } from './index.ts';
import { configureForTest, type ShellRecorder } from './testing/recorder.ts';
import { sendEnvelope, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let shell: ShellRecorder;

// Every answer waits 100 ms, so calls overlap; data echoes the query.
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    setTimeout(() => sendEnvelope(res, 1, '', { url: req.url, body: req.body }), 100);
  });
});
afterAll(() => server.close());

beforeEach(() => {
  switchLanguage('en', () => {});
  shell = configureForTest(server.baseUrl);
});
afterEach(() => vi.restoreAllMocks());

describe('identical in-flight requests', () => {
  it('cancel the earlier one: it rejects as cancelled, only a log line, the newer resolves', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = request({ url: '/api/list', params: { page: 1 } });
    const second = request({ url: '/api/list', params: { page: 1 } });

    const error = await first.catch((e: unknown) => e);
    expect(isCancel(error)).toBe(true);
    expect((error as Error).message).toBe('Automatic cancellation due to duplicate request');
    await expect(second).resolves.toMatchObject({ code: 1, data: { url: '/api/list?page=1' } });

    expect(shell.errors).toEqual([]);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(String(warnings.mock.calls[0]![0])).toContain('Automatic cancellation due to duplicate request');
  });

  it('are identified by method, URL, params and body: different ones all go on', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = await Promise.all([
      request({ url: '/api/list', params: { page: 1 } }),
      request({ url: '/api/list', params: { page: 2 } }),
      request({ url: '/api/list', method: 'POST', data: { page: 1 } }),
      request({ url: '/api/list', method: 'POST', data: { page: 2 } }),
      request({ url: '/api/list', method: 'PUT', data: { page: 2 } }),
      request({ url: '/api/other', params: { page: 1 } }),
    ]);
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it('identical POST bodies cancel, unless cancelDuplicate is false', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = request({ url: '/api/save', method: 'POST', data: { a: 1 } });
    const second = request({ url: '/api/save', method: 'POST', data: { a: 1 } });
    expect(isCancel(await first.catch((e: unknown) => e))).toBe(true);
    await expect(second).resolves.toMatchObject({ code: 1 });

    const kept = await Promise.all([
      request({ url: '/api/save', method: 'POST', data: { a: 1 }, cancelDuplicate: false }),
      request({ url: '/api/save', method: 'POST', data: { a: 1 }, cancelDuplicate: false }),
    ]);
    expect(kept.map((a) => a.code)).toEqual([1, 1]);
  });

  it('a finished request is no longer in flight: the same call later simply runs again', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await request({ url: '/api/list' });
    await request({ url: '/api/list' });
    expect(warnings).not.toHaveBeenCalled();
  });

  it("the caller's signal cancels too, silently", async () => {
    const controller = new AbortController();
    const pending = request({ url: '/api/list', signal: controller.signal });
    controller.abort();
    expect(isCancel(await pending.catch((e: unknown) => e))).toBe(true);
    expect(shell.errors).toEqual([]);
  });
});
