import { formatMoney } from '@framecraft/contracts/money';
import { DEFAULT_PAY_RATE } from '@framecraft/contracts/constants';
import type { MemberRow } from './accounts.ts';

/** The loyalty part of the member's info (product brief "Loyalty rate"). */
export interface RateInfo {
  sum12monthpay: number;
  pay_rate: number;
  sale_list: { min_amount: number; rate: number }[];
}

/** The member as the client stores it (spec §3), never with the password. */
export interface MemberInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: number;
  birthday: string | null;
  /** Balance in yuan with 2 decimals ("12.30"); stored as cents. */
  money: string;
  score: number;
  last_login_time: number | null;
  last_login_ip: string;
  join_time: number;
  motto: string;
  invate_code: string;
  vip_level: number;
  vip_date: number | null;
  vipLevelName: string;
  rateInfo: RateInfo;
}

export { formatMoney };

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
    money: formatMoney(row.money),
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
