import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { config } from './db/schema.ts';
import { seedAdmin, type AdminSeedOptions } from './modules/admin/index.ts';
import { seedCatalogue } from './modules/catalogue/index.ts';
import { seedMember } from './modules/member/index.ts';
import { SETTINGS, seedSettings } from './modules/site-config/index.ts';
import { seedAreas } from './modules/uploads/index.ts';

// Seeding is wired from the top (decision 033): every module that needs starter rows exports its
// seed function through its index.ts and this file runs them in order; db/ knows none of them.

export interface SeedOptions {
  /** Progress lines (the CLI prints them; the server stays quiet). */
  log?: (line: string) => void;
  /** The first super admin's password and where its credentials are printed (admin module). */
  admin?: AdminSeedOptions;
  /** Benchmark catalogue size (`db:seed -- --items N`); the demo shop when the catalogue is empty. */
  catalogueItems?: number;
}

export interface SeedResult {
  /** Settings that were missing and have been added. */
  settingsAdded: number;
}

/**
 * Put in what a working installation needs. Idempotent: only missing rows are added, so a second
 * run changes nothing and a setting an operator changed is never overwritten.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const settingsAdded = await seedSettings(db);
  options.log?.(`settings: ${settingsAdded} added, ${SETTINGS.length - settingsAdded} already present`);
  const admin = await seedAdmin(db, { announce: options.log, ...options.admin });
  options.log?.(`admin rules: ${admin.rulesAdded} added`);
  const member = await seedMember(db);
  options.log?.(`member rules: ${member.rulesAdded} added`);
  const areasAdded = await seedAreas(db);
  options.log?.(`areas: ${areasAdded} added`);
  const catalogue = await seedCatalogue(db, { log: options.log, items: options.catalogueItems });
  // The demo notices promise new members 7 days of VIP: the demo shop switches that rule on
  // (only from the untouched default, so an owner's choice is never overwritten).
  if (catalogue.demo) {
    await db
      .update(config)
      .set({ value: 7 })
      .where(and(eq(config.name, 'newMemberVipDays'), sql`${config.value} = '0'::jsonb`));
  }
  return { settingsAdded };
}
