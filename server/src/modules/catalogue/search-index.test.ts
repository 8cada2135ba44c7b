import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { listCourses } from './service.ts';
import { course } from './tables.ts';

describe('keyword search index', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers LIKE searches through the trigram index when the planner is told a scan is costly', async () => {
    const db = ctx.database.db;
    // A few demo rows make a table scan the cheaper plan; with scans priced out the index must serve.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(tx.execute(sql`explain select ${course.id} from ${course} where ${course.searchText} like '%davinci%'`));
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('course_search_trgm_idx');
    const page = await listCourses(db, { keyword: 'DaVinci' }, 'newest', { page: 1, limit: 50 }, 'en');
    const ids = (JSON.parse(page.cards) as { id: number }[]).map((card) => card.id);
    expect(ids.length).toBeGreaterThan(0);
    const rows = await db.select({ id: course.id, searchText: course.searchText }).from(course).where(inArray(course.id, ids));
    expect(rows.every((row) => row.searchText.includes('davinci'))).toBe(true);
  });
});
