import { HEADER } from '@framecraft/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { course, user, userMoneyLog } from '../../db/schema.ts';
import { changeMoney } from '../ledger/index.ts';
import { shopOrder } from './tables.ts';

export interface Answer {
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any answer's fields
}

/** Items, members with a balance (credited through the ledger) and member calls of a test app. */
export function commerceKit(ctx: TestContext) {
  const db = ctx.database.db;
  let seq = 0;

  async function item(values: Partial<typeof course.$inferInsert> = {}) {
    seq += 1;
    const [row] = await db
      .insert(course)
      .values({ kind: 'material', typeId: 1, titleZh: `测试商品 ${seq}`, titleEn: `Test item ${seq}`, price: 1000, originalPrice: 1500, status: 'on_sale', ...values })
      .returning();
    return row!;
  }

  async function member(money = 0, values: Parameters<typeof createMember>[1] = {}) {
    const row = await createMember(db, values);
    if (money > 0) await changeMoney(db, { userId: row.id, delta: money, kind: 'admin', refType: 'test', refId: `credit-${row.id}`, memo: 'test credit' });
    const { token } = await ctx.app.tokens.issue('user', row.id);
    return { row, token, id: row.id };
  }

  async function call(method: 'GET' | 'POST', url: string, token?: string, body?: unknown, lang = 'en'): Promise<Answer> {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { server: 'true', [HEADER.lang]: lang, ...(token ? { [HEADER.userToken]: token } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return response.json() as Answer;
  }

  const balance = async (userId: number) => Number((await db.select({ money: user.money }).from(user).where(eq(user.id, userId)))[0]!.money);

  /** The ledger invariant for a member: balance = sum of its log, never negative. */
  async function ledgerHolds(userId: number) {
    const [row] = await db.select({ sum: sql<string>`coalesce(sum(${userMoneyLog.money}), 0)`, min: sql<string>`coalesce(min(${userMoneyLog.after}), 0)` }).from(userMoneyLog).where(eq(userMoneyLog.userId, userId));
    const money = await balance(userId);
    return { money, sum: Number(row!.sum), minAfter: Number(row!.min), holds: money === Number(row!.sum) && money >= 0 && Number(row!.min) >= 0 };
  }

  /** Move an order's expiry into the past (as if 30 minutes went by). */
  const expire = (orderNo: string) => db.update(shopOrder).set({ expireTime: sql`now() - interval '1 second'` }).where(eq(shopOrder.orderNo, orderNo));

  return { db, item, member, call, balance, ledgerHolds, expire };
}
