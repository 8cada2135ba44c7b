import { LIST_LIMIT, LIST_SORTS } from '@framecraft/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { seedCatalogue } from './seed.ts';
import { enabledTypes, listCourses, type ListFilter } from './service.ts';

/** Enough items for PostgreSQL to cost a visible cursor's custom plan below the generic one (it did at 5 000: decision 063). */
const ITEMS = 5000;

/**
 * Decisions 053, 055 and 063: each list shape the storefront sends is a named statement that
 * PostgreSQL plans once. It tries five custom plans, then keeps the generic plan only if that
 * costs no more than they did; a value the planner can see (a cursor, a tag) made the custom plans
 * look cheaper, so every request was planned again (~0.3–0.7 ms at 100 000 items). Named
 * statements exist on PostgreSQL only; PGlite runs each query unnamed.
 */
describe.runIf(process.env.DATABASE_URL)('list statements keep one generic plan (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedCatalogue(ctx.database.db, { items: ITEMS });
    await ctx.database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => ctx.close());

  it('every shape — first page, cursor, page by number; a type, a kind, a tag, a keyword — stops being planned per request', async () => {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = (ctx.database.db as unknown as { $client: { options: object } }).$client;
    // One connection, so that its prepared statements can be read back.
    const connection = new pg.default.Client(pool.options);
    await connection.connect();
    try {
      const db = drizzle(connection, { schema }) as unknown as Db;
      const types = await enabledTypes(ctx.database.db);
      const parent = types.find((t) => types.some((c) => c.pid === t.id)) ?? types[0]!;
      const filters: ListFilter[] = [{}, { type: parent.id }, { kind: 'course' }, { tag: 1 }, { keyword: 'ae' }];
      for (const filter of filters) {
        for (const sort of filter.keyword ? (['newest'] as const) : LIST_SORTS) {
          const first = await listCourses(db, filter, sort, { page: 1, limit: LIST_LIMIT.default }, 'en');
          expect(first.next).not.toBeNull();
          for (let run = 0; run < 7; run++) {
            await listCourses(db, filter, sort, { page: 1, limit: LIST_LIMIT.default }, 'en');
            await listCourses(db, { ...filter, snapshot: first.snapshot }, sort, { page: 1, limit: LIST_LIMIT.default, after: first.next! }, 'en');
            if (!filter.keyword) await listCourses(db, filter, sort, { page: 2 + run, limit: LIST_LIMIT.default }, 'en');
          }
        }
      }
      const { rows } = await connection.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      );
      // 4 filters × every sort × (page 1, cursor, page by number), and the keyword's page 1 and cursor.
      expect(rows.length).toBe(4 * LIST_SORTS.length * 3 + 2);
      expect(rows.filter((row) => Number(row.generic_plans) === 0).map((row) => `${row.custom_plans} custom plans: …${row.statement.slice(-240)}`)).toEqual([]);
    } finally {
      await connection.end();
    }
  });
});
