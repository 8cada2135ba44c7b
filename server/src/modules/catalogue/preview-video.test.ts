import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { serverRoot } from '../../shared/paths.ts';
import { DEMO_PREVIEW_URL } from './demo-media.ts';
import { course } from './tables.ts';
import { catalogueClient } from './test-kit.ts';

describe('demo preview videos', () => {
  let ctx: TestContext;
  const clip = readFileSync(join(serverRoot, 'assets', 'demo', 'preview.mp4'));
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives every demo course a trailer and free-preview lesson that play, and hides the other lessons', async () => {
    const [item] = await ctx.database.db.select().from(course).where(and(eq(course.kind, 'course'), eq(course.status, 'on_sale'))).limit(1);
    const answer = await catalogueClient(ctx).call('GET', `/api/catalogue/detail?id=${item!.id}`);
    const data = answer.data as { previewVideo: string; chapters: { lessons: { freePreview: boolean; video: string | null }[] }[] };
    expect(data.previewVideo).toBe(DEMO_PREVIEW_URL);
    const lessons = data.chapters.flatMap((chapter) => chapter.lessons);
    expect(lessons.filter((lesson) => lesson.freePreview).every((lesson) => lesson.video === DEMO_PREVIEW_URL)).toBe(true);
    expect(lessons.filter((lesson) => !lesson.freePreview).every((lesson) => lesson.video === null)).toBe(true);
  });

  it('serves the clip as MP4 with byte ranges, so the player can seek', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: DEMO_PREVIEW_URL });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(clip)).toBe(true);

    const part = await ctx.app.inject({ method: 'GET', url: DEMO_PREVIEW_URL, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${clip.length}`);
    expect(part.rawPayload.equals(clip.subarray(1000, 2000))).toBe(true);

    // The clip is a real, streamable MP4: its 'ftyp' box opens the file and 'moov' comes before the media ('faststart').
    expect(clip.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(clip.indexOf('moov')).toBeLessThan(clip.indexOf('mdat'));
  });
});
