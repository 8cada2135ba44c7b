/**
 * VIP orders (decision 037). A tier is bought through an order of kind `vip`; paying it extends
 * `vip_date` from the later of now and the current expiry (a lifetime tier clears it) and the
 * level becomes the higher one. While a higher level runs, a lower tier is refused (not
 * converted); with a lifetime membership only a higher lifetime tier can be bought. Expiry is
 * read, never run: `currentVipLevel` compares `vip_date` with the clock on every access check.
 */
import type { Language } from '@framecraft/contracts/constants';
import { translate } from '@framecraft/contracts/messages';
import type { Db } from '../../db/client.ts';
import { extendMemberVip } from '../member-access/index.ts';
import { ApiError } from '../../shared/errors.ts';
import { findVipTier, tierNameOfLevel, vipTierName } from '../catalogue/index.ts';
import { currentVipLevel, type CommerceMember, type OrderKindHandler, type OrderRow } from '../commerce/index.ts';

interface VipPayload {
  tier_id: number;
  level: number;
  /** 0 = lifetime. */
  days: number;
}

/** Why `member` may not buy a tier of `level`/`days` now, or null. */
export async function vipRefusal(db: Db, member: CommerceMember, tier: { level: number; days: number }, lang: Language, now = new Date()): Promise<ApiError | null> {
  const current = currentVipLevel(member, now);
  if (current === 0) return null;
  const lifetime = member.vipDate === null;
  const name = async () => (await tierNameOfLevel(db, current, lang)) || `VIP ${current}`;
  if (lifetime && (tier.level <= current || tier.days !== 0)) return new ApiError('memberMoney.lifetimeAlready', { params: { current: await name() } });
  if (tier.level < current) return new ApiError('memberMoney.lowerTier', { params: { current: await name() } });
  return null;
}

export const vipKind: OrderKindHandler = {
  async prepare(db, member, input, lang) {
    const tierId = (input as { tier_id: number }).tier_id;
    const tier = await findVipTier(db, tierId);
    if (!tier) throw new ApiError('commerce.tierNotFound');
    if (tier.status !== 1) throw new ApiError('memberMoney.tierDisabled');
    const refusal = await vipRefusal(db, member, tier, lang);
    if (refusal) throw refusal;
    const duration = tier.days === 0 ? translate(lang, 'memberMoney.lifetime') : translate(lang, 'memberMoney.days', { count: tier.days });
    const title = `${translate(lang, 'commerce.vipTitle', { name: vipTierName(tier, lang) })} · ${duration}`.slice(0, 200);
    const listPrice = Math.max(tier.listPrice, tier.price);
    const payload: VipPayload = { tier_id: tier.id, level: tier.level, days: tier.days };
    return { lines: [{ courseId: null, title, cover: '', listPrice, price: tier.price, reason: 'list' }], payload: { ...payload } };
  },
  async fulfil(tx, order) {
    await extendVip(tx, order);
  },
};

/**
 * One guarded update of the member row (locked until the payment commits), all from the row's
 * old values and the database clock: level = the higher of the running level and the tier's;
 * expiry = lifetime for a lifetime tier or a running lifetime membership, otherwise the later of
 * now and the current expiry plus the tier's days.
 */
export async function extendVip(tx: Db, order: OrderRow): Promise<void> {
  const { level, days } = order.payload as unknown as VipPayload;
  await extendMemberVip(tx, order.userId, level, days);
}
