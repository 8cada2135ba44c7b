/**
 * VIP tiers as something to buy (decision 037) and to edit in the back office (`shop/vip` on the
 * generic CRUD). The storefront list is `vipTiers` in home.ts.
 */
import type { Language } from '@framecraft/contracts/constants';
import { shopVipCrud } from '@framecraft/contracts/crud/member-money';
import { vipTierInput } from '@framecraft/contracts/member-money';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { crudRoutes, fromContract } from '../admin/index.ts';
import { pick } from './service.ts';
import { vipTier } from './tables.ts';

export type VipTierRow = typeof vipTier.$inferSelect;

/** A tier by id, enabled or not (the buyer is told which). */
export async function findVipTier(db: Db, id: number): Promise<VipTierRow | undefined> {
  const [row] = await db.select().from(vipTier).where(eq(vipTier.id, id)).limit(1);
  return row;
}

export const vipTierName = (row: Pick<VipTierRow, 'nameZh' | 'nameEn'>, lang: Language) => pick(lang, row.nameZh, row.nameEn);

/** The name of a level: its highest-weighted tier's, in the request's language ('' without one). */
export async function tierNameOfLevel(db: Db, level: number, lang: Language): Promise<string> {
  if (level <= 0) return '';
  const [row] = await db.select({ nameZh: vipTier.nameZh, nameEn: vipTier.nameEn }).from(vipTier).where(eq(vipTier.level, level)).orderBy(desc(vipTier.weigh)).limit(1);
  return row ? vipTierName(row, lang) : '';
}

/** The back office's VIP tiers editor: list, add, edit, delete, sort; the storefront cache is dropped on every write. */
export function vipTierAdminRoutes(app: FastifyInstance) {
  const dropCache = () => app.invalidateCatalogue();
  crudRoutes(
    app,
    fromContract(shopVipCrud, {
      table: vipTier,
      // The v1 schema word for word (weight and status defaults on add and edit alike).
      schemas: { add: vipTierInput, edit: vipTierInput },
      hooks: {
        afterSave: async () => dropCache(),
        beforeDelete: async () => dropCache(),
      },
    }),
  );
}
