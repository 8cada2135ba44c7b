/**
 * Member money (issue 18): plugs the `topup` and `vip` order kinds into commerce, serves the
 * top-up page's options and registers the back office's `shop/topup` and `shop/vip`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { vipTierAdminRoutes } from '../catalogue/index.ts';
import { registerOrderKind, topupOrderAdminRoutes, type SettingsReader } from '../commerce/index.ts';
import { topupKind, topupOptions } from './topup.ts';
import { vipKind } from './vip.ts';

/** Each app's settings by its database (several apps may run in one process, e.g. tests). */
const settingsByDb = new WeakMap<Db, SettingsReader>();
const settingsOf = (db: Db): SettingsReader => {
  const settings = settingsByDb.get(db);
  if (!settings) throw new Error('member-money: no settings for this database');
  return settings;
};

registerOrderKind('topup', topupKind(settingsOf));
registerOrderKind('vip', vipKind);

export const memberMoneyRoutes = fp(async (app: FastifyInstance) => {
  settingsByDb.set(app.deps.db, app.siteConfig);

  app.get('/api/topup/options', async (_request, reply) => reply.ok(await topupOptions(app.siteConfig)));

  topupOrderAdminRoutes(app);
  vipTierAdminRoutes(app);
});
