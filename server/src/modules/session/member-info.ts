import type { MemberInfo, RateInfo } from '@framecraft/contracts/member';
import { DEFAULT_PAY_RATE } from '@framecraft/contracts/constants';
import type { MemberRow } from './accounts.ts';

export type { MemberInfo, RateInfo } from '@framecraft/contracts/member';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * Serialise a member for the client. Features that own VIP tiers and loyalty tiers pass their
 * values in `extras`; without them the member has no level name and the default rate.
 */
export function memberInfo(row: MemberRow, extras: { vipLevelName?: string; rateInfo?: RateInfo } = {}): MemberInfo {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    avatar: row.avatar,
    gender: row.gender,
    birthday: row.birthday,
    money: row.money,
    score: row.score,
    last_login_time: seconds(row.lastLoginTime),
    last_login_ip: row.lastLoginIp,
    join_time: seconds(row.joinTime) ?? 0,
    motto: row.motto,
    invate_code: row.inviteCode,
    vip_level: row.vipLevel,
    vip_date: seconds(row.vipDate),
    vipLevelName: extras.vipLevelName ?? '',
    rateInfo: extras.rateInfo ?? { sum12monthpay: 0, pay_rate: DEFAULT_PAY_RATE, sale_list: [] },
  };
}
