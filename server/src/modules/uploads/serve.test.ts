import { HEADER } from '@framecraft/contracts/constants';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('serving uploaded files', () => {
  let ctx: TestContext;
  let url: string;
  const content = Buffer.concat([PNG, Buffer.from('0123456789'.repeat(10))]);
  beforeAll(async () => {
    ctx = await createTestApp();
    const { token } = await ctx.app.tokens.issue('user', (await createMember(ctx.database.db)).id);
    const boundary = 'xBOUNDARYx';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="served.png"\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/ajax/upload',
      headers: { server: 'true', 'content-type': `multipart/form-data; boundary=${boundary}`, [HEADER.userToken]: token },
      payload,
    });
    url = answer.json().data.file.url;
  });
  afterAll(() => ctx.close());

  it('serves the file with its type, validators, cache and sandbox headers, also to a browser navigation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBeUndefined();
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers byte ranges', async () => {
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${content.length}`);
    expect(part.rawPayload.equals(content.subarray(10, 20))).toBe(true);
    const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(content.subarray(-5))).toBe(true);
    const outside = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${content.length + 10}-` } });
    expect(outside.statusCode).toBe(416);
  });

  it('never serves HTML or SVG inline, and nothing outside the storage folder', async () => {
    const folder = join(ctx.env.dataDir, 'public', 'storage', 'planted');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'page.html'), '<script>alert(1)</script>');
    writeFileSync(join(folder, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const name of ['page.html', 'icon.svg']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/storage/planted/${name}` });
      expect(response.headers['content-disposition'], name).toBe('attachment');
      expect(response.headers['content-security-policy'], name).toMatch(/^sandbox;/);
    }
    writeFileSync(join(ctx.env.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const path of ['/storage/../../secret.txt', '/storage/%2e%2e/%2e%2e/secret.txt', '/storage/..%2f..%2fsecret.txt']) {
      const response = await ctx.app.inject({ method: 'GET', url: path, headers: { server: 'true' } });
      expect(response.body, path).not.toContain('TOP-SECRET-CONTENT');
    }
  });
});
