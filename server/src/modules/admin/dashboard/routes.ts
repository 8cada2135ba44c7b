import type { AdminDashboard, DashboardSales } from '@framecraft/contracts/admin';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { admin } from '../tables.ts';
import { adminRoute } from '../core/route-table.ts';

/**
 * Where the dashboard's sales figures come from: commerce registers its aggregates here (admin sits
 * below commerce in the module graph, so it cannot import them — decision 033).
 */
export interface DashboardSalesSource {
  salesSince(db: Db, from: Date): Promise<{ amount: number; orders: number }>;
  salesPerDay(db: Db, from: Date): Promise<{ day: string; amount: number; orders: number }[]>;
  topSellingItems(db: Db, from: Date, limit: number): Promise<{ courseId: number; title: string; orders: number; amount: number }[]>;
}
const NO_SALES: DashboardSalesSource = {
  salesSince: async () => ({ amount: 0, orders: 0 }),
  salesPerDay: async () => [],
  topSellingItems: async () => [],
};
let salesSource: DashboardSalesSource = NO_SALES;
export function registerDashboardSales(source: DashboardSalesSource): void {
  salesSource = source;
}

/**
 * The member figures come from the module that owns the member table (member-access registers
 * them with its back-office pages), the attachment figures from uploads — admin reads neither table.
 */
export interface DashboardMemberSource {
  total(db: Db): Promise<number>;
  joinedSince(db: Db, from: Date): Promise<number>;
  loggedInSince(db: Db, from: Date): Promise<number>;
  joinedPerDay(db: Db, from: Date): Promise<{ day: string; n: number }[]>;
}
let memberSource: DashboardMemberSource = { total: async () => 0, joinedSince: async () => 0, loggedInSince: async () => 0, joinedPerDay: async () => [] };
export function registerDashboardMembers(source: DashboardMemberSource): void {
  memberSource = source;
}
let attachmentSource: (db: Db) => Promise<AdminDashboard['attachments']> = async () => ({ count: 0, size: 0, byKind: {} });
export function registerDashboardAttachments(source: (db: Db) => Promise<AdminDashboard['attachments']>): void {
  attachmentSource = source;
}

const CHART_DAYS = 30;
const WINDOWS = { today: 1, week: 7, month: 30 } as const;

const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** Local midnight `days - 1` days before today: the start of a window of `days` days ending now. */
const windowStart = (today: Date, days: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));

/**
 * Sales of today / 7 / 30 days (net amount, paid orders, new members, conversion = paid orders ÷
 * members), the 30-day sales and new-member series and the top items — all SQL aggregates that use
 * indexes (decision 042). Commerce's figures come through the registered sales source.
 */
async function salesFigures(db: Db, now: Date, members: number): Promise<DashboardSales> {
  const chartStart = windowStart(now, CHART_DAYS);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => dayKey(new Date(chartStart.getFullYear(), chartStart.getMonth(), chartStart.getDate() + i)));
  const [perDay, joined, top, ...windows] = await Promise.all([
    salesSource.salesPerDay(db, chartStart),
    memberSource.joinedPerDay(db, chartStart),
    salesSource.topSellingItems(db, chartStart, 5),
    ...Object.values(WINDOWS).map((n) => salesSource.salesSince(db, windowStart(now, n))),
  ]);
  const sales = new Map(perDay.map((r) => [r.day, r]));
  const joins = new Map(joined.map((r) => [r.day, r.n]));
  const sumJoins = (n: number) => days.slice(-n).reduce((total, d) => total + (joins.get(d) ?? 0), 0);
  return {
    windows: Object.fromEntries(
      Object.entries(WINDOWS).map(([name, n], i) => [name, { amount: windows[i]!.amount, orders: windows[i]!.orders, newMembers: sumJoins(n), members }]),
    ) as DashboardSales['windows'],
    chart: {
      days,
      amounts: days.map((d) => sales.get(d)?.amount ?? 0),
      orders: days.map((d) => sales.get(d)?.orders ?? 0),
      newMembers: days.map((d) => joins.get(d) ?? 0),
    },
    top,
  };
}

/** Dashboard figures: members, admins, logins, attachments, and the sales section. */
export function dashboardRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  adminRoute(app, { method: 'GET', path: 'dashboard/index', node: 'dashboard/index' }, async (_request, reply) => {
    const now = new Date();
    const startOfToday = windowStart(now, 1);
    const weekStart = windowStart(now, 7);
    const [members, [admins], newToday, loginsToday, perDay, attachments] = await Promise.all([
      memberSource.total(db),
      db.select({ n: count() }).from(admin),
      memberSource.joinedSince(db, startOfToday),
      memberSource.loggedInSince(db, startOfToday),
      memberSource.joinedPerDay(db, weekStart),
      attachmentSource(db),
    ]);
    const days = Array.from({ length: 7 }, (_, i) => dayKey(new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + i)));
    const byDay = new Map(perDay.map((r) => [r.day, r.n]));
    return reply.ok<AdminDashboard>({
      members,
      admins: admins?.n ?? 0,
      newMembersToday: newToday,
      memberLoginsToday: loginsToday,
      newMembers: { days, counts: days.map((d) => byDay.get(d) ?? 0) },
      attachments,
      sales: await salesFigures(db, now, members),
    });
  });
}
