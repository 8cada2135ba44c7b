import type { Db } from '../../db/client.ts';
import { config } from './tables.ts';
import { SETTINGS } from './settings.ts';

/** Add the declared settings that are missing; a value an operator changed is never overwritten. Returns how many were added. */
export async function seedSettings(db: Db): Promise<number> {
  const added = await db
    .insert(config)
    .values(SETTINGS.map((s, index) => ({ ...s, weigh: SETTINGS.length - index })))
    .onConflictDoNothing({ target: config.name })
    .returning({ name: config.name });
  return added.length;
}
