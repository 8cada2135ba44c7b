/**
 * Helper of `npm run bench -- checkout` (scripts/bench/checkout.mjs), run with the server stopped:
 *   prepare --members N --orders M   members with a balance (credited through the ledger), M items,
 *                                    one unpaid order per member and item, access tokens → JSON on stdout
 *   verify                            the ledger invariant after the run → JSON on stdout
 *   tokens --members N                access tokens of the N seeded members with the most orders, one of
 *                                     the first super admin, and a member id (`npm run bench -- orders`)
 *   ledger                            the ledger invariant over every member → JSON on stdout
 *   sizes                             items, members and orders the database holds → JSON on stdout
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { loadEnv } from '../config/env.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { admin, course, user, userMoneyLog } from '../db/schema.ts';
import { rowsOf } from '../db/client.ts';
import { createOrder, registerItemSource } from '../modules/commerce/index.ts';
import { catalogueItemSource } from '../modules/catalogue/index.ts';
import { shopOrder } from '../db/schema.ts';
import { changeMoney } from '../modules/ledger/index.ts';
import { findEnabledAdmin } from '../modules/admin/index.ts';
import { findEnabledMember } from '../modules/member-access/index.ts';
import { TokenService } from '../modules/session/index.ts';

const accounts = { member: findEnabledMember, admin: findEnabledAdmin };
// Orders are created here without the app: commerce reads the items through the catalogue's source.
registerItemSource(catalogueItemSource);

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const PRICE = 990;
/** Members of one run share a prefix (`--run <id>`), so a reused PostgreSQL database is verified per run. */
const mark = () => {
  const at = process.argv.indexOf('--run');
  return `bco_${at === -1 ? 'x' : process.argv[at + 1]}_`;
};

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: pgliteDirFor(env.dataDir), pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS });
  const db = database.db;
  try {
    if (process.argv[2] === 'prepare') {
      const members = argument('members', 50);
      const perMember = argument('orders', 40);
      const items = await db
        .insert(course)
        .values(Array.from({ length: perMember }, (_, i) => ({ kind: 'material', typeId: 1, titleZh: `结账基准 ${i}`, titleEn: `Checkout bench ${i}`, price: PRICE, status: 'on_sale' })))
        .returning({ id: course.id });
      const tokens = new TokenService(db, async () => ({ access: 86_400, refresh: 86_400 }), accounts);
      const out: { token: string; orders: string[] }[] = [];
      for (let m = 0; m < members; m++) {
        const suffix = randomBytes(4).toString('hex');
        const [row] = await db.insert(user).values({ username: `${mark()}${suffix}`, nickname: `Bench ${suffix}`, inviteCode: suffix.toUpperCase(), password: 'x' }).returning();
        // Enough for most orders but not all: some payments are refused for insufficient funds.
        await changeMoney(db, { userId: row!.id, delta: PRICE * perMember - PRICE * 2, kind: 'admin', refType: 'bench', refId: `credit-${row!.id}`, memo: 'bench credit' });
        const orders: string[] = [];
        for (const item of items) {
          const order = await createOrder(db, { ...row!, money: Number(row!.money) }, { items: [item.id] }, { expireMinutes: 120, currency: 'CNY', lang: 'en' });
          orders.push(order.order_no);
        }
        out.push({ token: (await tokens.issue('user', row!.id)).token, orders });
      }
      process.stdout.write(JSON.stringify({ members: out }));
    } else if (process.argv[2] === 'verify') {
      const members = await db.select({ id: user.id, money: user.money }).from(user).where(sql`${user.username} like ${mark() + '%'}`);
      const ids = members.map((m) => m.id);
      const sums = await db
        .select({ userId: userMoneyLog.userId, sum: sql<string>`sum(${userMoneyLog.money})`, min: sql<string>`min(${userMoneyLog.after})`, debits: sql<string>`count(*) filter (where ${userMoneyLog.money} < 0)` })
        .from(userMoneyLog)
        .where(inArray(userMoneyLog.userId, ids))
        .groupBy(userMoneyLog.userId);
      const byUser = new Map(sums.map((s) => [s.userId, s]));
      const paid = await db
        .select({ userId: shopOrder.userId, n: sql<string>`count(*)` })
        .from(shopOrder)
        .where(and(inArray(shopOrder.userId, ids), eq(shopOrder.state, 'paid')))
        .groupBy(shopOrder.userId);
      const paidBy = new Map(paid.map((p) => [p.userId, Number(p.n)]));
      const broken = members.filter((m) => {
        const s = byUser.get(m.id);
        return !s || Number(s.sum) !== Number(m.money) || Number(m.money) < 0 || Number(s.min) < 0 || Number(s.debits) !== (paidBy.get(m.id) ?? 0);
      });
      process.stdout.write(JSON.stringify({ members: members.length, paid: [...paidBy.values()].reduce((a, b) => a + b, 0), broken: broken.length }));
    } else if (process.argv[2] === 'tokens') {
      const tokens = new TokenService(db, async () => ({ access: 86_400, refresh: 86_400 }), accounts);
      const buyers = await rowsOf<{ user_id: number }>(
        db.execute(sql`select user_id from shop_order group by user_id order by count(*) desc limit ${argument('members', 50)}`),
      );
      const [first] = await db.select({ id: admin.id }).from(admin).orderBy(asc(admin.id)).limit(1);
      const members: string[] = [];
      for (const b of buyers) members.push((await tokens.issue('user', b.user_id)).token);
      process.stdout.write(JSON.stringify({ members, admin: (await tokens.issue('admin', first!.id)).token, memberId: buyers[0]?.user_id ?? 0 }));
    } else if (process.argv[2] === 'ledger') {
      const [broken] = await rowsOf<{ balance: number; rows: number; members: number }>(
        db.execute(sql`
          select (select count(*)::int from "user" u left join (select user_id, sum(money) as total from user_money_log group by user_id) l on l.user_id = u.id
                  where u.money <> coalesce(l.total, 0) or u.money < 0) as balance,
                 (select count(*)::int from user_money_log where after <> before + money or after < 0) as rows,
                 (select count(*)::int from "user") as members`),
      );
      process.stdout.write(JSON.stringify(broken));
    } else if (process.argv[2] === 'sizes') {
      // What was measured: the database as it is after the seed step (or without one, BENCH_SEED=off).
      const [sizes] = await rowsOf<{ items: number; members: number; orders: number }>(
        db.execute(sql`select (select count(*)::int from course where delete_time is null) as items, (select count(*)::int from "user") as members, (select count(*)::int from shop_order) as orders`),
      );
      process.stdout.write(JSON.stringify(sizes));
    } else {
      throw new Error('usage: bench-checkout prepare|verify|tokens|ledger|sizes');
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
