import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app.ts';

export const LANGS = ['en', 'zh-cn'] as const;
export type Lang = (typeof LANGS)[number];

/** A second app on a test context's database and Redis, with its log captured as JSON lines. */
export async function buildLoggedApp(
  deps: AppDeps,
  addRoutes: (app: FastifyInstance) => void | Promise<void> = () => {},
): Promise<{ app: FastifyInstance; logs: () => Record<string, unknown>[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(deps, { level: 'info', stream });
  await addRoutes(app);
  await app.ready();
  return { app, logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The response is exactly the envelope {code, msg, time, data} with this status, code and msg. */
export function expectEnvelope(res: Answer | LightMyRequestResponse, status: number, msg: string, code = 0) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers).toMatchObject(SECURITY_HEADERS);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'time']);
  expect(body.code).toBe(code);
  expect(body.msg).toBe(msg);
  expect(Math.abs((body.time as number) - Date.now() / 1000)).toBeLessThan(5);
  expect(Number.isInteger(body.time)).toBe(true);
  return body;
}
