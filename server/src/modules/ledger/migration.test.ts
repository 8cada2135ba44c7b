import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../db/client.ts';
import { migrate, migrationsFolder } from '../../db/migrate.ts';

/** Migration 0008 on a database holding ledger v1 rows (embedded database, whatever DATABASE_URL says). */
describe('migration 0008: ledger v1 rows get a kind and a reference', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-v2-'));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('infers the kind from the v1 memo convention and keeps the unique reference', async () => {
    const before = join(dir, 'before');
    mkdirSync(before);
    for (const name of readdirSync(migrationsFolder).filter((n) => n < '0008')) copyFileSync(join(migrationsFolder, name), join(before, name));
    database = await openDatabase({ pgliteDir: join(dir, 'pgdata') });
    const { db } = database;
    await migrate(db, before);
    await db.execute(sql`insert into "user_score_log" (user_id, score, before, after, memo) values
      (1, 5, 0, 5, 'check-in:2026-11-23'), (1, 25, 5, 30, 'invite:42'), (1, 3, 30, 33, 'Goodwill: sorry')`);
    await db.execute(sql`insert into "user_money_log" (user_id, money, before, after, memo) values (1, 100, 0, 100, 'top-up'), (1, 100, 100, 200, 'top-up')`);
    await migrate(db);
    const scores = await rowsOf<{ id: number; kind: string; ref_type: string; ref_id: string; memo: string }>(
      db.execute(sql`select id, kind, ref_type, ref_id, memo from "user_score_log" order by id`),
    );
    expect(scores.map((r) => [r.kind, r.ref_type, r.ref_id, r.memo])).toEqual([
      ['checkin', 'legacy', String(scores[0]!.id), '2026-11-23'],
      ['invite', 'legacy', String(scores[1]!.id), ''],
      ['legacy', 'legacy', String(scores[2]!.id), 'Goodwill: sorry'],
    ]);
    const money = await rowsOf<{ kind: string; ref_id: string }>(db.execute(sql`select kind, ref_id from "user_money_log" order by id`));
    expect(money.map((r) => r.kind)).toEqual(['legacy', 'legacy']);
    expect(new Set(money.map((r) => r.ref_id)).size).toBe(2);
    // the unique reference holds from now on
    await expect(
      db.execute(sql`insert into "user_money_log" (user_id, money, before, after, kind, ref_type, ref_id) values (1, 1, 0, 1, 'legacy', 'legacy', ${money[0]!.ref_id})`),
    ).rejects.toThrow();
  });
});
