import type { Language } from '@framecraft/contracts/constants';
import { translate, type MessageKey } from '@framecraft/contracts/messages';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gte, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { ApiError } from '../../shared/errors.ts';
import { notice, vipTier } from '../catalogue/tables.ts';
import { checkInStatus } from '../check-in/service.ts';
import { currentVipLevel, memberRateInfo, type SettingsReader } from '../commerce/index.ts';
import { userMoneyLog, userScoreLog } from '../ledger/tables.ts';
import type { MemberRow } from '../session/accounts.ts';
import type { TokenService } from '../session/service.ts';
import { memberInfo, type MemberInfo } from '../session/member-info.ts';
import { attachment } from '../uploads/tables.ts';

const SERIES_DAYS = 7;
const NOTICE_COUNT = 5;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The name of the member's VIP level in the request's language ('' without a level or tier). */
async function vipLevelName(db: Db, level: number, lang: Language): Promise<string> {
  if (level <= 0) return '';
  const [tier] = await db.select({ zh: vipTier.nameZh, en: vipTier.nameEn }).from(vipTier).where(eq(vipTier.level, level)).orderBy(desc(vipTier.weigh)).limit(1);
  if (!tier) return '';
  return lang === 'en' && tier.en ? tier.en : tier.zh;
}

/**
 * The member's info with the VIP level as it is now (0 once `vip_date` has passed: expiry is read,
 * not run by a job — decision 037), its name, and the loyalty `rateInfo` (decision 038).
 */
export async function fullMemberInfo(db: Db, row: MemberRow, lang: Language, settings: SettingsReader): Promise<MemberInfo> {
  const level = currentVipLevel(row);
  const [name, rateInfo] = await Promise.all([vipLevelName(db, level, lang), memberRateInfo(db, settings, row.id)]);
  return memberInfo({ ...row, vipLevel: level }, { vipLevelName: name, rateInfo });
}

/** Per UTC day of the last 7 (today last): the sum of the log's changes that day. */
async function dailySums(db: Db, table: typeof userMoneyLog | typeof userScoreLog, column: 'money' | 'score', userId: number, days: string[]) {
  const day = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const amount = column === 'money' ? (table as typeof userMoneyLog).money : (table as typeof userScoreLog).score;
  const rows = await db
    .select({ day, total: sql<string>`sum(${amount})` })
    .from(table)
    .where(and(eq(table.userId, userId), gte(table.createdAt, new Date(`${days[0]}T00:00:00Z`))))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.total)]));
  return days.map((d) => byDay.get(d) ?? 0);
}

/** `GET /api/account/overview`: the card, VIP, check-in state, 7-day points/balance series, notices. */
export async function overview(db: Db, row: MemberRow, lang: Language, settings: SettingsReader, now = Date.now()) {
  const days = Array.from({ length: SERIES_DAYS }, (_, i) => utcDay(now - (SERIES_DAYS - 1 - i) * 86_400_000));
  const [info, storedLevelName, score, money, checkIn, notices] = await Promise.all([
    fullMemberInfo(db, row, lang, settings),
    // The card names the level also after it ran out (shown as inactive).
    vipLevelName(db, row.vipLevel, lang),
    dailySums(db, userScoreLog, 'score', row.id, days),
    dailySums(db, userMoneyLog, 'money', row.id, days),
    checkInStatus(db, row.id, days.at(-1)),
    db
      .select({ id: notice.id, zh: notice.titleZh, en: notice.titleEn, publishTime: notice.publishTime })
      .from(notice)
      .where(eq(notice.status, 1))
      .orderBy(desc(notice.publishTime), desc(notice.id))
      .limit(NOTICE_COUNT),
  ]);
  const vipExpire = row.vipDate ? Math.floor(row.vipDate.getTime() / 1000) : null;
  return {
    userInfo: info,
    vip: {
      level: row.vipLevel,
      name: storedLevelName,
      expire: vipExpire,
      // A level without an expiry date is lifetime.
      active: row.vipLevel > 0 && (row.vipDate === null || row.vipDate.getTime() > now),
    },
    checkIn,
    days,
    score,
    money,
    notices: notices.map((n) => ({ id: n.id, title: lang === 'en' && n.en ? n.en : n.zh, publishTime: Math.floor(n.publishTime.getTime() / 1000) })),
  };
}

/** A failure of one field, shaped like validate()'s: msg and `data.errors[field]` translated. */
function fieldError(lang: Language, field: string, key: MessageKey): ApiError {
  const msg = translate(lang, key);
  return new ApiError(key, { msg, data: { errors: { [field]: msg } } });
}

/** An avatar must be '' (none), the current one, or an uploaded image. */
async function checkAvatar(db: Db, row: MemberRow, avatar: string, lang: Language): Promise<void> {
  if (avatar === '' || avatar === row.avatar) return;
  const [found] = await db
    .select({ id: attachment.id })
    .from(attachment)
    .where(and(eq(attachment.url, avatar), like(attachment.mimetype, 'image/%')))
    .limit(1);
  if (!found) throw fieldError(lang, 'avatar', 'member.avatarInvalid');
}

export interface ProfileChange {
  nickname: string;
  avatar: string;
  gender: number;
  birthday?: string | null;
  motto?: string;
}

/** Save the member's own profile fields; the answer is the updated member. */
export async function updateProfile(db: Db, row: MemberRow, change: ProfileChange, lang: Language): Promise<MemberRow> {
  await checkAvatar(db, row, change.avatar, lang);
  const [updated] = await db
    .update(user)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(user.id, row.id))
    .returning();
  return updated!;
}

/**
 * Check the old password, store the new one and end every session of the member (this one too),
 * in one transaction: a new password never leaves an old session alive.
 */
export async function changePassword(db: Db, tokens: TokenService, row: MemberRow, passwords: { oldPassword: string; newPassword: string }, lang: Language): Promise<void> {
  const ok = await verify(row.password, passwords.oldPassword).catch(() => false);
  if (!ok) throw fieldError(lang, 'oldPassword', 'member.oldPasswordWrong');
  const hashed = await hash(passwords.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ password: hashed, updatedAt: sql`now()` }).where(eq(user.id, row.id));
    await tokens.revokeAll('user', row.id, tx);
  });
}
