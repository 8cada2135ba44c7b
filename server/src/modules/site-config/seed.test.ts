import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../db/schema.ts';
import { seed } from '../../seed.ts';
import { serverRoot } from '../../shared/paths.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { SETTINGS } from './settings.ts';

describe('seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const rows = () => ctx.database.db.select().from(config).orderBy(asc(config.name));

  it('adds every setting to an empty table, and nothing on a second run', async () => {
    await ctx.database.db.delete(config);
    expect(await seed(ctx.database.db)).toEqual({ settingsAdded: SETTINGS.length });
    const first = await rows();
    expect(first.map((r) => r.name).sort()).toEqual(SETTINGS.map((s) => s.name).sort());
    expect(first.find((r) => r.name === 'uploadMaxSize')?.value).toBe(10 * 1024 * 1024);
    expect(await seed(ctx.database.db)).toEqual({ settingsAdded: 0 });
    expect(await rows()).toEqual(first);
  });

  it("never overwrites a setting an operator changed, and restores a missing one", async () => {
    await ctx.database.db.update(config).set({ value: 'My Shop' }).where(eq(config.name, 'siteName'));
    await ctx.database.db.delete(config).where(eq(config.name, 'recordNumber'));
    expect(await seed(ctx.database.db)).toEqual({ settingsAdded: 1 });
    const byName = new Map((await rows()).map((r) => [r.name, r.value]));
    expect(byName.get('siteName')).toBe('My Shop');
    expect(byName.get('recordNumber')).toBe('');
  });
});

describe('npm run db:seed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-seed-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The embedded database of a fresh DATA_DIR; never the developer's DATABASE_URL.
  const runSeed = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir },
    });

  it('migrates and seeds the configured database, idempotently', async () => {
    expect((await runSeed()).stdout).toContain(`settings: ${SETTINGS.length} added, 0 already present`);
    expect((await runSeed()).stdout).toContain(`settings: 0 added, ${SETTINGS.length} already present`);
  }, 120_000);
});
