/**
 * Members and orders at scale for benchmarks and plan tests (issue 22, decision 049):
 * `npm run db:seed -- --items 100000 --orders 1000000 --members 100000`. Everything is generated
 * inside the database with `generate_series` and `INSERT … SELECT` in chunks (no row crosses the
 * wire), so a million orders take minutes on PostgreSQL. Each call tops up: it adds the members
 * and orders missing to reach the numbers asked for (seeded members are recognised by their
 * username prefix).
 *
 * Distributions (realistic enough for plans and benchmarks, not a simulation):
 * - members joined over the last two years; orders created over two years, more of them recently;
 * - 90 % item orders (one line, an on-sale item's price), 10 % top-ups (30–500 yuan);
 * - states: 62 % paid, 3 % refunded (item orders, through the provider), 33 % closed, 2 % unpaid (lazily expired);
 * - item orders paid with the balance 30 %, Alipay 35 %, WeChat Pay 30 %, Stripe 5 %; top-ups never
 *   with the balance; paid within 20 minutes of the order;
 * - the ledger as the payment code writes it: each balance payment a `purchase / order / <id>`
 *   debit, each paid top-up a `topup / order / <id>` credit, and one opening credit per member
 *   (`admin / seed / opening-<run>-<member>`) covering the member's balance payments of the run,
 *   dated before them; `before`/`after` chain per member and `user.money` = the sum of its log.
 * Paid item orders give ownership and item sales; every paid order has its pay log row.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

export interface ScaleSeedOptions {
  /** Seeded members wanted in total. */
  members?: number;
  /** Seeded orders wanted in total (needs seeded members and on-sale items with a price). */
  orders?: number;
  log?: (line: string) => void;
  /** Orders per chunk (one transaction each). */
  chunk?: number;
  /** Members per insert statement. */
  memberChunk?: number;
}

/** Usernames of seeded members: never a name a person can register (spec: letters first, no dot). */
export const SEEDED_MEMBER_PREFIX = 'seed.';
const SEEDED_MEMBER_LIKE = 'seed.%';

const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number | string }>(db.execute(query)))[0]?.n ?? 0);

export async function seedScale(db: Db, options: ScaleSeedOptions): Promise<{ members: number; orders: number }> {
  const log = options.log ?? (() => {});
  const run = Date.now().toString(36);
  let addedMembers = 0;
  let addedOrders = 0;

  if (options.members) {
    const have = await count(db, sql`select count(*) as n from "user" where username like ${SEEDED_MEMBER_LIKE}`);
    const missing = options.members - have;
    const started = Date.now();
    const CHUNK = options.memberChunk ?? 50_000;
    for (let from = 0; from < missing; from += CHUNK) {
      const n = Math.min(CHUNK, missing - from);
      // Ids come from the sequence; usernames, nicknames and invite codes from (have + from + g): unique across chunks and runs.
      await db.execute(sql`
        insert into "user" (username, nickname, password, invite_code, join_time, create_time, update_time)
        select ${SEEDED_MEMBER_PREFIX} || ${run} || '.' || (${have + from} + g), 'Member ' || (${have + from} + g),
          'seeded: no password login', upper(${run} || lpad(to_hex(${have + from} + g), 8, '0')),
          t, t, t
        from (select g, now() - (random() * interval '730 days') as t from generate_series(1, ${n}) g) s`);
      addedMembers += n;
    }
    if (missing > 0) log(`members: ${missing} added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  if (options.orders) {
    const have = await count(db, sql`select count(*) as n from shop_order o join "user" u on u.id = o.user_id where u.username like ${SEEDED_MEMBER_LIKE}`);
    const missing = options.orders - have;
    if (missing > 0) {
      const members = await count(db, sql`select count(*) as n from "user" where username like ${SEEDED_MEMBER_LIKE}`);
      const items = await count(db, sql`select count(*) as n from course where status = 'on_sale' and price > 0 and delete_time is null`);
      if (members === 0) throw new Error('--orders needs seeded members: add --members N');
      if (items === 0) throw new Error('--orders needs items on sale with a price: add --items N');
      const started = Date.now();
      const [base] = await rowsOf<{ id: number | string }>(db.execute(sql`select coalesce(max(id), 0) as id from shop_order`));
      const firstId = Number(base!.id) + 1;
      const chunk = options.chunk ?? 100_000;
      await dropPickTables(db);
      // Members and items to draw from, numbered 1..n (a random pick is one index lookup).
      await db.execute(sql`create unlogged table seed_scale_member as select row_number() over (order by id) as n, id from "user" where username like ${SEEDED_MEMBER_LIKE}`);
      await db.execute(sql`create unique index on seed_scale_member (n)`);
      await db.execute(sql`create unlogged table seed_scale_item as select row_number() over (order by id) as n, id, price, title_en, cover from course where status = 'on_sale' and price > 0 and delete_time is null`);
      await db.execute(sql`create unique index on seed_scale_item (n)`);
      try {
        for (let from = 0; from < missing; from += chunk) {
          const n = Math.min(chunk, missing - from);
          const lo = firstId + from;
          await db.transaction(async (tx) => {
            await tx.execute(sql`
              create temp table seed_order on commit drop as
              select s.id, m.id as user_id, i.id as course_id, i.price as item_price, i.title_en, i.cover,
                case when r_kind < 0.9 then 'course' else 'topup' end as kind,
                case when r_state < 0.62 or (r_state < 0.65 and r_kind >= 0.9) then 'paid' when r_state < 0.65 then 'refunded' when r_state < 0.98 then 'closed' else 'unpaid' end as state,
                r_method, r_amount, created
              from (
                select ${lo}::int + g - 1 as id, random() as r_kind, random() as r_state, random() as r_method, random() as r_amount,
                  1 + floor(random() * ${members})::int as member_n, 1 + floor(random() * ${items})::int as item_n,
                  -- more orders recently: a shop that grew over two years
                  now() - (power(random(), 1.6) * interval '730 days') as created
                from generate_series(1, ${n}) g
              ) s
              join seed_scale_member m on m.n = s.member_n
              join seed_scale_item i on i.n = s.item_n`);
            await tx.execute(sql`
              insert into shop_order (id, order_no, user_id, kind, state, amount, currency, refunded_amount, pay_method, trade_no, payload,
                expire_time, pay_time, close_time, refund_time, create_time, update_time)
              select id, to_char(created at time zone 'UTC', 'YYYYMMDD') || '9' || lpad(id::text, 9, '0'), user_id, kind, state, amount, 'CNY',
                case when state = 'refunded' then amount else 0 end,
                method, case when method is null or method = 'balance' then '' else 'SEED' || id end,
                case when kind = 'topup' then jsonb_build_object('amount', amount, 'bonus', 0) else '{}'::jsonb end,
                created + interval '30 minutes',
                case when state in ('paid', 'refunded') then paid end,
                case when state = 'closed' then created + interval '30 minutes' end,
                case when state = 'refunded' then paid + interval '3 days' end,
                created, coalesce(paid, created)
              from (
                select o.*,
                  case when kind = 'topup' then (3000 + floor(r_amount * 47) * 1000)::bigint else item_price end as amount,
                  case when state not in ('paid', 'refunded') then null
                    when kind = 'topup' then case when r_method < 0.5 then 'alipay' else 'wechat' end
                    when state = 'refunded' then case when r_method < 0.5 then 'alipay' else 'wechat' end
                    when r_method < 0.30 then 'balance' when r_method < 0.65 then 'alipay' when r_method < 0.95 then 'wechat' else 'stripe' end as method,
                  created + (r_amount * interval '20 minutes') as paid
                from seed_order o
              ) x`);
            await tx.execute(sql`
              insert into order_line (order_id, course_id, title, cover, list_price, price, reason)
              select id, course_id, title_en, cover, item_price, item_price, 'list' from seed_order where kind = 'course'`);
            await tx.execute(sql`
              insert into order_line (order_id, course_id, title, cover, list_price, price, reason)
              select o.id, null, 'Top-up', '', o.amount, o.amount, 'list' from shop_order o where o.id between ${lo} and ${lo + n - 1} and o.kind = 'topup'`);
            await tx.execute(sql`
              insert into ownership (user_id, course_id, order_id, create_time)
              select user_id, course_id, id, created from seed_order where kind = 'course' and state = 'paid'
              on conflict do nothing`);
            await tx.execute(sql`
              insert into pay_log (order_id, order_no, user_id, method, kind, state, amount, currency, trade_no, note, create_time)
              select id, order_no, user_id, pay_method, case when pay_method = 'balance' then 'payment' else 'notify' end, 'succeeded', amount, currency, trade_no, 'paid', pay_time
              from shop_order where id between ${lo} and ${lo + n - 1} and pay_time is not null`);
          });
          addedOrders += n;
          log(`orders: ${from + n} / ${missing} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
        await db.execute(sql`select setval(pg_get_serial_sequence('shop_order', 'id'), (select max(id) from shop_order))`);
        await seedLedger(db, firstId, run);
        // Item sales: each item's paid lines (the catalogue's "popular" sort reads them).
        await db.execute(sql`
          update course c set sales = c.sales + t.n from (
            select l.course_id, count(*) as n from order_line l join shop_order o on o.id = l.order_id
            where o.id >= ${firstId} and o.state = 'paid' and l.course_id is not null group by l.course_id
          ) t where c.id = t.course_id`);
        log(`orders: ${missing} added with their lines, ownership, pay log and ledger in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await dropPickTables(db);
      }
    }
  }
  // Statistics and the visibility map after the bulk load (and the item sales it updated).
  if (addedMembers || addedOrders) await db.execute(sql`vacuum analyze`);
  return { members: addedMembers, orders: addedOrders };
}

/** Members and items to draw from: ordinary (unlogged) tables, as a pool's statements may run on different connections. */
async function dropPickTables(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists seed_scale_member`);
  await db.execute(sql`drop table if exists seed_scale_item`);
}

/**
 * The ledger of the orders from `firstId` on, in one statement per step: opening credits, balance
 * debits and top-up credits, chained per member from the member's current balance in time order
 * (ids follow that order), then each member's balance moved by the sum of the new rows.
 */
async function seedLedger(db: Db, firstId: number, run: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table seed_ledger on commit drop as
      select user_id, sum(amount) + (floor(random() * 50) * 1000)::bigint as money, 'admin' as kind, 'seed' as ref_type,
        'opening-' || ${run} || '-' || user_id as ref_id, 'Opening balance (seeded)' as memo, min(pay_time) - interval '1 day' as at
      from shop_order where id >= ${firstId} and pay_method = 'balance' and state = 'paid' and amount > 0 group by user_id
      union all
      select user_id, -amount, 'purchase', 'order', id::text, 'Order ' || order_no, pay_time
      from shop_order where id >= ${firstId} and pay_method = 'balance' and state = 'paid' and amount > 0
      union all
      select user_id, amount, 'topup', 'order', id::text, 'Top-up ' || order_no, pay_time
      from shop_order where id >= ${firstId} and kind = 'topup' and state = 'paid'`);
    await tx.execute(sql`
      insert into user_money_log (user_id, money, before, after, memo, kind, ref_type, ref_id, create_time)
      select user_id, money, start + running - money, start + running, memo, kind, ref_type, ref_id, at
      from (
        select l.*, u.money as start, sum(l.money) over (partition by l.user_id order by l.at, l.kind, l.ref_id rows unbounded preceding) as running
        from seed_ledger l join "user" u on u.id = l.user_id
      ) x
      order by user_id, at, kind, ref_id`);
    await tx.execute(sql`
      update "user" u set money = u.money + t.total from (select user_id, sum(money) as total from seed_ledger group by user_id) t where u.id = t.user_id`);
  });
}
