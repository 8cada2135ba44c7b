import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/shared/errors.ts';
import { validate } from '../../src/shared/validation.ts';
import { createTestApp, type TestContext } from '../app.ts';
import { buildLoggedApp, expectEnvelope, LANGS, type Lang } from './harness.ts';

const echoBody = z.object({
  name: z.string().min(3).max(10),
  age: z.coerce.number().int().min(1).max(150),
  email: z.email().optional(),
});

/** Routes that exist only in this test, registered on the real app. */
function addTestRoutes(app: FastifyInstance) {
  app.post('/__t/echo', async (request, reply) => reply.ok(validate(echoBody, request.body, request.lang)));
  app.get('/__t/item/:id', async (request, reply) => reply.ok(request.params));
  app.get('/__t/boom', async () => {
    throw new Error('update "user" set password = $1 where id = $2 -- connection refused');
  });
  app.get('/__t/sql', async () => app.deps.db.execute(sql`select secret_column from no_such_table`));
  app.get('/__t/teapot', async () => {
    throw new ApiError('api.noPermission', { code: 401 });
  });
}

const api = { server: 'true' };
const json = { ...api, 'content-type': 'application/json' };

interface Case {
  name: string;
  request: InjectOptions;
  status: number;
  code?: number;
  msg: Record<Lang, string>;
  check?(body: Record<string, unknown>, headers: Record<string, unknown>, lang: Lang): void;
}

const cases: Case[] = [
  {
    name: 'unknown route',
    request: { method: 'GET', url: '/api/nope', headers: api },
    status: 404,
    msg: { en: 'Error requesting address: /api/nope', 'zh-cn': '请求地址出错：/api/nope' },
  },
  {
    name: 'unknown route: the message names the path without its query',
    request: { method: 'POST', url: '/admin/nope/index?page=2', headers: json, payload: '{}' },
    status: 404,
    msg: { en: 'Error requesting address: /admin/nope/index', 'zh-cn': '请求地址出错：/admin/nope/index' },
  },
  {
    name: 'wrong method on a GET route',
    request: { method: 'DELETE', url: '/healthz', headers: api },
    status: 405,
    msg: { en: 'Request method not allowed', 'zh-cn': '不允许的请求方法' },
    check: (_body, headers) => expect(headers.allow).toBe('GET, HEAD'),
  },
  {
    name: 'wrong method on a POST route',
    request: { method: 'GET', url: '/__t/echo?x=1', headers: api },
    status: 405,
    msg: { en: 'Request method not allowed', 'zh-cn': '不允许的请求方法' },
    check: (_body, headers) => expect(headers.allow).toBe('POST'),
  },
  {
    name: 'OPTIONS',
    request: { method: 'OPTIONS', url: '/__t/echo', headers: api },
    status: 405,
    msg: { en: 'Request method not allowed', 'zh-cn': '不允许的请求方法' },
    check: (_body, headers) => expect(headers.allow).toBe('POST'),
  },
  {
    name: 'malformed JSON',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: '{"name": "abc",' },
    status: 400,
    msg: { en: 'The request body is not valid JSON', 'zh-cn': '请求体不是有效的 JSON' },
  },
  {
    name: 'empty body with a JSON content type',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: '' },
    status: 400,
    msg: { en: 'The request body is not valid JSON', 'zh-cn': '请求体不是有效的 JSON' },
  },
  {
    name: 'JSON with a __proto__ key',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: '{"name":"abc","__proto__":{"admin":true}}' },
    status: 400,
    msg: { en: 'The request body is not valid JSON', 'zh-cn': '请求体不是有效的 JSON' },
  },
  {
    name: 'body too large',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }) },
    status: 413,
    msg: { en: 'The request body is too large', 'zh-cn': '请求体过大' },
  },
  {
    name: 'XML body',
    request: { method: 'POST', url: '/__t/echo', headers: { ...api, 'content-type': 'text/xml' }, payload: '<a/>' },
    status: 415,
    msg: { en: 'Unsupported content type: text/xml', 'zh-cn': '不支持的内容类型：text/xml' },
  },
  {
    name: 'multipart body where none is accepted',
    request: {
      method: 'POST',
      url: '/__t/echo',
      headers: { ...api, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc\r\n--xyz--\r\n',
    },
    status: 415,
    msg: { en: 'Unsupported content type: multipart/form-data', 'zh-cn': '不支持的内容类型：multipart/form-data' },
  },
  {
    name: 'form-encoded body',
    request: {
      method: 'POST',
      url: '/__t/echo',
      headers: { ...api, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=abc&age=3',
    },
    status: 415,
    msg: { en: 'Unsupported content type: application/x-www-form-urlencoded', 'zh-cn': '不支持的内容类型：application/x-www-form-urlencoded' },
  },
  {
    name: 'validation failure: a message per field, the first one as msg',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: { name: 'ab', age: 'old', email: 'nope' } },
    status: 200,
    msg: { en: 'Must be at least 3 characters', 'zh-cn': '至少需要 3 个字符' },
    check: (body, _headers, lang) =>
      expect(body.data).toEqual({
        errors:
          lang === 'en'
            ? { name: 'Must be at least 3 characters', age: 'Must be a number', email: 'Please enter a correct e-mail address' }
            : { name: '至少需要 3 个字符', age: '必须是数字', email: '请输入正确的电子邮箱' },
      }),
  },
  {
    name: 'validation failure: missing fields',
    request: { method: 'POST', url: '/__t/echo', headers: json, payload: { age: 200 } },
    status: 200,
    msg: { en: 'Required', 'zh-cn': '必填项' },
    check: (body, _headers, lang) =>
      expect(body.data).toEqual({
        errors: lang === 'en' ? { name: 'Required', age: 'Must be at most 150' } : { name: '必填项', age: '不能大于 150' },
      }),
  },
  {
    name: 'validation failure: a text body where an object is expected',
    request: { method: 'POST', url: '/__t/echo', headers: { ...api, 'content-type': 'text/plain' }, payload: 'hello' },
    status: 200,
    msg: { en: 'Invalid value', 'zh-cn': '值无效' },
    check: (body, _headers, lang) => expect(body.data).toEqual({ errors: { _: lang === 'en' ? 'Invalid value' : '值无效' } }),
  },
  {
    name: 'validation failure on a real route (token refresh without a token)',
    request: { method: 'POST', url: '/api/common/refreshToken', headers: json, payload: {} },
    status: 200,
    msg: { en: 'Required', 'zh-cn': '必填项' },
    check: (body, _headers, lang) => expect(body.data).toEqual({ errors: { refreshToken: lang === 'en' ? 'Required' : '必填项' } }),
  },
  {
    name: 'a business failure keeps HTTP 200 and carries its code',
    request: { method: 'GET', url: '/__t/teapot', headers: api },
    status: 200,
    code: 401,
    msg: { en: 'You do not have permission to operate!', 'zh-cn': '您没有权限操作！' },
  },
  {
    name: 'an unexpected exception',
    request: { method: 'GET', url: '/__t/boom', headers: api },
    status: 500,
    msg: { en: 'Server internal error!', 'zh-cn': '服务器内部错误！' },
  },
  {
    name: 'a database error',
    request: { method: 'GET', url: '/__t/sql', headers: api },
    status: 500,
    msg: { en: 'Server internal error!', 'zh-cn': '服务器内部错误！' },
  },
  {
    name: 'a path parameter longer than the router accepts',
    request: { method: 'GET', url: `/__t/item/${'9'.repeat(500)}`, headers: api },
    status: 414,
    msg: { en: 'The request address or headers are too long', 'zh-cn': '请求地址或请求头过长' },
  },
  {
    name: 'invalid percent-encoding in the path',
    request: { method: 'GET', url: '/__t/item/%E0%A4%A', headers: api },
    status: 400,
    msg: { en: 'The request address is not valid', 'zh-cn': '请求地址无效' },
  },
  {
    name: 'a query string that cannot be decoded',
    request: { method: 'GET', url: '/__t/item/7?name=%E4%BD&page=1', headers: api },
    status: 400,
    msg: { en: 'The query string is not valid', 'zh-cn': '查询字符串无效' },
  },
];

describe('every bad request is answered with the translated envelope', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let logs: () => Record<string, unknown>[];
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ app, logs } = await buildLoggedApp(ctx.app.deps, addTestRoutes));
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  describe.each(LANGS)('think-lang: %s', (lang) => {
    it.each(cases)('$name', async ({ request, status, code, msg, check }) => {
      const res = await app.inject({ ...request, headers: { ...request.headers, 'think-lang': lang } });
      const body = expectEnvelope(res, status, msg[lang], code);
      check?.(body, res.headers, lang);
    });
  });

  it('has at least 15 distinct bad-request cases', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBeGreaterThanOrEqual(15);
  });

  it('never shows internals to the client, and logs the failure with the request id', async () => {
    for (const url of ['/__t/boom', '/__t/sql']) {
      const res = await app.inject({ url, headers: api });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/password|select|no_such_table|secret_column|at .*\.ts|stack/i);
      const requestId = res.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const logged = logs().find((line) => line.reqId === requestId && line.level === 50);
      expect(logged, `no error log line for request ${requestId}`).toBeDefined();
      expect(JSON.stringify(logged!.err)).toMatch(url === '/__t/boom' ? /update \\"user\\" set password/ : /no_such_table/);
    }
  });

  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    [' en ', 'en'],
    ['zh-cn', 'zh-cn'],
    ['ZH-CN', 'zh-cn'],
    ['zh-TW', 'zh-cn'],
    ['fr', 'zh-cn'],
    ['', 'zh-cn'],
    [undefined, 'zh-cn'],
  ])('think-lang %j → %s', async (header, lang) => {
    const res = await app.inject({ url: '/api/nope', headers: header === undefined ? api : { ...api, 'think-lang': header } });
    expectEnvelope(res, 404, lang === 'en' ? 'Error requesting address: /api/nope' : '请求地址出错：/api/nope');
  });

  it('answers HEAD like GET without a body', async () => {
    const unknown = await app.inject({ method: 'HEAD', url: '/api/nope', headers: api });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.body).toBe('');
    const known = await app.inject({ method: 'HEAD', url: '/healthz', headers: api });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe('');
  });
});

/** Requests Node's HTTP parser refuses before Fastify sees them: answered on the raw socket. */
describe('requests refused by the HTTP parser still get the envelope', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  async function raw(request: string) {
    const socket = connect(port, '127.0.0.1');
    socket.write(request);
    let text = '';
    for await (const chunk of socket) text += (chunk as Buffer).toString();
    const [head, body = ''] = text.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head!.split('\r\n');
    const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { statusCode: Number(statusLine!.split(' ')[1]), headers, body };
  }

  it.each(LANGS)('a URL longer than the header limit (%s)', async (lang) => {
    const res = await raw(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\nthink-lang: ${lang}\r\nserver: true\r\n\r\n`);
    expectEnvelope(res, 431, lang === 'en' ? 'The request address or headers are too long' : '请求地址或请求头过长');
  });

  it.each(LANGS)('an invalid Content-Length (%s)', async (lang) => {
    const res = await raw(`POST /__t/echo HTTP/1.1\r\nhost: x\r\nthink-lang: ${lang}\r\ncontent-length: abc\r\n\r\n{}`);
    expectEnvelope(res, 400, lang === 'en' ? 'Incorrect parameter!' : '参数不正确！');
  });

  it('a request line that is not HTTP (no language known → zh-cn)', async () => {
    const res = await raw('HELLO WORLD\r\n\r\n');
    expectEnvelope(res, 400, '参数不正确！');
  });
});
