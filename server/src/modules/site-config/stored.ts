import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { config } from './tables.ts';

export type StoredSetting = typeof config.$inferSelect;

/** Every stored setting row, by group, then weight (heaviest first), then name — the settings editor's order. */
export function storedSettings(db: Db): Promise<StoredSetting[]> {
  return db.select().from(config).orderBy(asc(config.group), desc(config.weigh), asc(config.name));
}
