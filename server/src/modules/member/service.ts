import type { Language } from '@framecraft/contracts/constants';
import type { AccountOverview } from '@framecraft/contracts/member';
import { translate, type MessageKey } from '@framecraft/contracts/messages';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { latestNotices, vipLevelName } from '../catalogue/index.ts';
import { checkInStatus } from '../check-in/index.ts';
import { currentVipLevel, memberRateInfo, type SettingsReader } from '../commerce/index.ts';
import { dailyChanges } from '../ledger/index.ts';
import { setMemberPassword, updateMemberProfile } from '../member-access/index.ts';
import type { MemberRow } from '../session/index.ts';
import type { TokenService } from '../session/index.ts';
import { memberInfo, type MemberInfo } from '../session/index.ts';
import { isUploadedImage } from '../uploads/index.ts';

/**
 * The member's info with the VIP level as it is now (0 once `vip_date` has passed: expiry is read,
 * not run by a job — decision 037), its name, and the loyalty `rateInfo` (decision 038).
 */
export async function fullMemberInfo(db: Db, row: MemberRow, lang: Language, settings: SettingsReader): Promise<MemberInfo> {
  const level = currentVipLevel(row);
  const [name, rateInfo] = await Promise.all([vipLevelName(db, level, lang), memberRateInfo(db, settings, row.id)]);
  return memberInfo({ ...row, vipLevel: level }, { vipLevelName: name, rateInfo });
}

const SERIES_DAYS = 7;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `GET /api/account/overview`: the card, VIP, check-in state, 7-day points/balance series, notices. */
export async function overview(db: Db, row: MemberRow, lang: Language, settings: SettingsReader, now = Date.now()): Promise<AccountOverview> {
  const days = Array.from({ length: SERIES_DAYS }, (_, i) => utcDay(now - (SERIES_DAYS - 1 - i) * 86_400_000));
  const [info, storedLevelName, score, money, checkIn, notices] = await Promise.all([
    fullMemberInfo(db, row, lang, settings),
    // The card names the level also after it ran out (shown as inactive).
    vipLevelName(db, row.vipLevel, lang),
    dailyChanges(db, 'score', row.id, days),
    dailyChanges(db, 'money', row.id, days),
    checkInStatus(db, row.id, days.at(-1)),
    latestNotices(db, lang),
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
    notices,
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
  if (!(await isUploadedImage(db, avatar))) throw fieldError(lang, 'avatar', 'member.avatarInvalid');
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
  return updateMemberProfile(db, row.id, change);
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
    await setMemberPassword(tx, row.id, hashed);
    await tokens.revokeAll('user', row.id, tx);
  });
}
