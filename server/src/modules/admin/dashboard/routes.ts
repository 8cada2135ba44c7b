import { and, count, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { admin, user } from '../../../db/schema.ts';
import { attachmentFigures } from '../attachments/routes.ts';
import { adminRoute } from '../core/route-table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dashboard figures that exist now; the sales section stays null until the commerce feature fills it. */
export function dashboardRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  adminRoute(app, { method: 'GET', path: 'dashboard/index', node: 'dashboard/index' }, async (_request, reply) => {
    const now = new Date();
    const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const weekStart = new Date(startOfToday.getTime() - 6 * DAY_MS);
    const [[members], [admins], [newToday], [loginsToday], perDay, attachments] = await Promise.all([
      db.select({ n: count() }).from(user),
      db.select({ n: count() }).from(admin),
      db.select({ n: count() }).from(user).where(gte(user.joinTime, startOfToday)),
      db.select({ n: count() }).from(user).where(and(gte(user.lastLoginTime, startOfToday))),
      db
        .select({ day: sql<string>`to_char(${user.joinTime} at time zone current_setting('TimeZone'), 'YYYY-MM-DD')`, n: count() })
        .from(user)
        .where(gte(user.joinTime, weekStart))
        .groupBy(sql`1`),
      attachmentFigures(db),
    ]);
    const days = Array.from({ length: 7 }, (_, i) => {
      const d = new Date(weekStart.getTime() + i * DAY_MS);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const byDay = new Map(perDay.map((r) => [r.day, r.n]));
    return reply.ok({
      members: members?.n ?? 0,
      admins: admins?.n ?? 0,
      newMembersToday: newToday?.n ?? 0,
      memberLoginsToday: loginsToday?.n ?? 0,
      newMembers: { days, counts: days.map((d) => byDay.get(d) ?? 0) },
      attachments,
      // Filled by the commerce feature (orders) when it lands.
      sales: null,
    });
  });
}
