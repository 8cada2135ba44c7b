import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { course } from '../modules/catalogue/tables.ts';
import { rowsOf } from './client.ts';
import { vacuumEachTable } from './upkeep.ts';

type PlanNode = { 'Node Type': string; 'Heap Fetches'?: number; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Decision 066: the tables' upkeep on either database. */
describe('database upkeep', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** Rows the newest-first list's index-only scan had to read from the table, not the index. */
  const tableVisitsOfTheList = async () => {
    const [row] = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        tx.execute(sql`explain (analyze, format json) select ${course.id} from ${course} where ${course.status} = 'on_sale' order by ${course.createdAt} desc, ${course.id} desc`),
      );
    });
    const scan = nodes(row!['QUERY PLAN'][0].Plan).find((node) => node['Node Type'] === 'Index Only Scan');
    expect(scan, 'the list is read by an index-only scan').toBeDefined();
    return scan!['Heap Fetches']!;
  };

  it('vacuuming each table lets index-only scans skip the table again after rows were updated', async () => {
    const db = ctx.database.db;
    expect((await vacuumEachTable(db)).vacuumed).toBeGreaterThan(20);
    expect(await tableVisitsOfTheList()).toBe(0);
    // Sales written, as paid orders do: every updated row's page needs a table visit.
    await db.execute(sql`update ${course} set sales = ${course.sales} + 1 where ${course.status} = 'on_sale'`);
    expect(await tableVisitsOfTheList()).toBeGreaterThan(0);
    await vacuumEachTable(db);
    expect(await tableVisitsOfTheList()).toBe(0);
  });

  // The job runs on the embedded database only; on PostgreSQL other connections' change counters
  // reach the statistics up to seconds later, and autovacuum does this part itself.
  it.runIf(process.env.DATABASE_URL === undefined)('analyses a table again only when autovacuum would: never analysed, or enough of its rows changed', async () => {
    const db = ctx.database.db;
    await vacuumEachTable(db);
    expect((await vacuumEachTable(db)).analyzed).toEqual([]);
    const lastAnalyze = async () =>
      Number((await rowsOf<{ at: string }>(db.execute(sql`select extract(epoch from last_analyze) as at from pg_stat_user_tables where relname = 'course'`)))[0]!.at);
    const before = await lastAnalyze();
    // Every item changed: more than 50 rows and 10 % of the table.
    await db.execute(sql`update ${course} set sales = ${course.sales} + 1`);
    expect((await vacuumEachTable(db)).analyzed).toEqual(['course']);
    expect(await lastAnalyze()).toBeGreaterThan(before);
    expect((await vacuumEachTable(db)).analyzed).toEqual([]);
  });

  it("the item table asks PostgreSQL's autovacuum to visit it after 1 % of its rows changed", async () => {
    const [row] = await rowsOf<{ options: string[] | null }>(ctx.database.db.execute(sql`select reloptions as options from pg_class where oid = 'course'::regclass`));
    expect(row!.options).toContain('autovacuum_vacuum_scale_factor=0.01');
  });
});
