import { createRequire } from 'node:module';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { area } from './tables.ts';

const CHINA = '86';
type AreaTree = Record<string, Record<string, string>>;

/** Loaded with require: the server bundle keeps npm packages external, and JSON import attributes do not survive it. */
const loadAreaData = (): AreaTree => createRequire(import.meta.url)('china-area-data/data.json') as AreaTree;

/** Every region from the kept `china-area-data` package: code → parent code, level 1–3. */
export function areaRows(data: AreaTree = loadAreaData()) {
  const rows: (typeof area.$inferInsert)[] = [];
  const walk = (parent: string, level: number) => {
    for (const [code, name] of Object.entries(data[parent] ?? {})) {
      rows.push({ id: Number(code), pid: parent === CHINA ? 0 : Number(parent), level, name });
      if (level < 3) walk(code, level + 1);
    }
  };
  walk(CHINA, 1);
  return rows;
}

/** Fills the `area` table once (an existing table is left as the operator keeps it). */
export async function seedAreas(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(area);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = areaRows();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(area).values(rows.slice(i, i + 500)).onConflictDoNothing();
  });
  return rows.length;
}

/** `GET …/ajax/area`: provinces; with province its cities; with province and city its districts. */
export async function listAreas(db: Db, query: { province?: string; city?: string }) {
  const province = Number(query.province || 0);
  const city = Number(query.city || 0);
  const where = province
    ? city
      ? and(eq(area.pid, city), eq(area.level, 3))
      : and(eq(area.pid, province), eq(area.level, 2))
    : and(eq(area.pid, 0), eq(area.level, 1));
  return db.select({ value: area.id, label: area.name }).from(area).where(where).orderBy(asc(area.id));
}
