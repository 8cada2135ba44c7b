import { HEADER } from '@framecraft/contracts/constants';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { multipart } from '../../../test/multipart.ts';
import { adminKit, qs } from '../admin/test-kit.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('admin attachments page and dashboard figures', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let superToken: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    superToken = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  const upload = async (name: string, content: Buffer, topic: string) => {
    const body = multipart([{ name, content }], { topic });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/ajax/upload',
      headers: { server: 'true', 'content-type': body.contentType, [HEADER.adminToken]: superToken, [HEADER.lang]: 'en' },
      payload: body.payload,
    });
    return res.json().data.file as { id: number; url: string };
  };

  it('lists uploads with their uploader, filters by topic, counts them on the dashboard, and deletes the file with the row', async () => {
    const before = (await kit.call('GET', '/admin/dashboard/index', superToken)).data.attachments;
    const cover = await upload('cover.png', Buffer.concat([PNG, Buffer.from('cover')]), 'cover');
    await upload('other.png', Buffer.concat([PNG, Buffer.from('other')]), 'avatar');

    const listed = await kit.call('GET', `/admin/routine/attachment/index?${qs({ search: [{ field: 'topic', val: 'cover', operator: '=' }] })}`, superToken);
    expect(listed.code).toBe(1);
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).toMatchObject({ name: 'cover.png', mimetype: 'image/png', topic: 'cover' });
    expect(listed.data.list[0].admin.username).toBeTruthy();
    expect(listed.data.list[0]).not.toHaveProperty('sha1');

    const after = (await kit.call('GET', '/admin/dashboard/index', superToken)).data.attachments;
    expect(after.count).toBe(before.count + 2);
    expect(after.byKind.image.count).toBe((before.byKind.image?.count ?? 0) + 2);
    expect(after.size).toBeGreaterThan(before.size);

    const file = join(ctx.env.dataDir, 'public', cover.url);
    expect(existsSync(file)).toBe(true);
    const deleted = await kit.call('DELETE', `/admin/routine/attachment/del?${qs({ ids: [cover.id] })}`, superToken);
    expect(deleted).toMatchObject({ code: 1, msg: expect.any(String) });
    expect(existsSync(file)).toBe(false);
    expect((await kit.call('DELETE', `/admin/routine/attachment/del?${qs({ ids: [cover.id] })}`, superToken)).code).toBe(0);
  });

  it('needs the delete node to delete', async () => {
    const viewer = await kit.adminWith(['routine', 'routine/attachment', 'routine/attachment/index']);
    expect((await kit.call('GET', '/admin/routine/attachment/index', viewer.token)).code).toBe(1);
    expect((await kit.call('DELETE', `/admin/routine/attachment/del?${qs({ ids: [1] })}`, viewer.token)).code).toBe(401);
  });
});
