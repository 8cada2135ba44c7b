import { HEADER } from '@framecraft/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin } from '../../../test/fixtures.ts';
import { buildSuffixSvg } from './suffix-svg.ts';

describe('buildSuffixSvg', () => {
  it('labels the icon with at most 4 upper-case letters and takes only colour values as background', () => {
    expect(buildSuffixSvg('mp4', '#ff0000')).toContain('>MP4</text>');
    expect(buildSuffixSvg('mp4', '#ff0000')).toContain('fill="#ff0000"');
    expect(buildSuffixSvg('docx-long')).toContain('>DOCX</text>');
    expect(buildSuffixSvg('')).toContain('>FILE</text>');
    const hostile = buildSuffixSvg('<script>', '"/><script>alert(1)</script>');
    expect(hostile).not.toContain('<script');
    expect(hostile).not.toContain('alert');
    expect(buildSuffixSvg('zip', 'rgb(1, 2, 3)')).toContain('fill="rgb(1, 2, 3)"');
  });
});

describe('ajax helpers', () => {
  let ctx: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    adminToken = (await ctx.app.tokens.issue('admin', (await createAdmin(ctx.database.db)).id)).token;
  });
  afterAll(() => ctx.close());

  it('answers the suffix icon as SVG, publicly on /api and to an admin token (query) on /admin', async () => {
    const open = await ctx.app.inject({ method: 'GET', url: '/api/ajax/buildSuffixSvg?suffix=pdf&background=%23123456' });
    expect(open.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(open.body).toContain('>PDF</text>');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/admin/ajax/buildSuffixSvg?suffix=pdf', headers: { server: 'true' } });
    expect(anonymous.json()).toMatchObject({ code: 303 });
    const admin = await ctx.app.inject({ method: 'GET', url: `/admin/ajax/buildSuffixSvg?suffix=pdf&${HEADER.adminToken}=${adminToken}` });
    expect(admin.body).toContain('>PDF</text>');
  });

  it('lists provinces, then the cities of a province, then the districts of a city (seeded)', async () => {
    const get = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/ajax/area${query}`, headers: { server: 'true' } })).json().data as {
        value: number;
        label: string;
      }[];
    const provinces = await get('');
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces).toContainEqual({ value: 440000, label: '广东省' });
    const cities = await get('?province=440000');
    expect(cities).toContainEqual({ value: 440300, label: '深圳市' });
    const districts = await get('?province=440000&city=440300');
    expect(districts).toContainEqual({ value: 440305, label: '南山区' });
    expect(await get('?province=abc')).toEqual(provinces);
    expect(await get('?province=999999')).toEqual([]);
  });
});
