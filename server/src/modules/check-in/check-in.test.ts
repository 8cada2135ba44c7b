import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { userScoreLog } from '../ledger/tables.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { checkIn, checkInStatus } from './service.ts';
import { userCheckIn } from './tables.ts';

describe('daily check-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', userToken: string) =>
    ctx.app.inject({ method, url: '/api/account/checkIn', headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.userToken]: userToken } });

  it('needs a login', async () => {
    expect((await call('POST', '')).json().code).toBe(303);
  });

  it('credits points once when two check-ins arrive together', async () => {
    const member = await createMember(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const answers = (await Promise.all([call('POST', token), call('POST', token)])).map((r) => r.json());
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0).msg).toBe('You have already checked in today');
    expect(answers.find((a) => a.code === 1)).toMatchObject({ msg: 'Checked in successfully!', data: { streak: 1, score: 5 } });
    const [row] = await ctx.database.db.select({ score: user.score }).from(user).where(eq(user.id, member.id));
    expect(row!.score).toBe(5);
    const logs = await ctx.database.db.select().from(userScoreLog).where(eq(userScoreLog.userId, member.id));
    expect(logs).toHaveLength(1);
    const day = new Date().toISOString().slice(0, 10);
    expect(logs[0]).toMatchObject({ kind: 'checkin', refType: 'user_check_in', refId: `${member.id}:${day}`, memo: day });
    expect((await call('GET', token)).json().data).toEqual({ checked: true, streak: 1 });
    // a third try later the same day is refused too
    expect((await call('POST', token)).json().msg).toBe('You have already checked in today');
  });

  it('never credits a day twice, even when the day row is gone: the ledger reference holds', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    await checkIn(db, member.id, 5, '2026-02-01');
    await db.delete(userCheckIn).where(eq(userCheckIn.userId, member.id));
    await expect(checkIn(db, member.id, 5, '2026-02-01')).rejects.toMatchObject({ msgKey: 'account.alreadyCheckedIn' });
    const [row] = await db.select({ score: user.score }).from(user).where(eq(user.id, member.id));
    expect(row!.score).toBe(5);
  });

  it('counts a streak over consecutive days and restarts it after a missed day', async () => {
    const db = ctx.database.db;
    const member = await createMember(db);
    expect((await checkIn(db, member.id, 5, '2026-01-01')).streak).toBe(1);
    expect((await checkIn(db, member.id, 5, '2026-01-02')).streak).toBe(2);
    expect(await checkInStatus(db, member.id, '2026-01-03')).toEqual({ checked: false, streak: 2 });
    expect(await checkInStatus(db, member.id, '2026-01-04')).toEqual({ checked: false, streak: 0 });
    expect((await checkIn(db, member.id, 5, '2026-01-04')).streak).toBe(1);
  });
});
