import type { MemberCoupon, MemberCouponPage, MyCouponTab } from '@framecraft/contracts/coupon-constants';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/request/index.ts';

export const couponKeys = { all: ['coupons'] as const };

/** `GET /api/coupon/list`: the member's coupons of a tab, paged. */
export const myCouponsQuery = (tab: MyCouponTab, page: number, limit: number) =>
  queryOptions({
    queryKey: [...couponKeys.all, tab, page, limit],
    queryFn: async () => (await request<MemberCouponPage>({ url: '/api/coupon/list', params: { tab, page, limit }, context: 'user' })).data,
    placeholderData: (previous) => previous,
  });

/** `POST /api/coupon/claim {code}`: the server's message (claimed, or why not) is shown by the request layer. */
export async function claimCoupon(code: string): Promise<MemberCoupon> {
  return (await request<MemberCoupon>({ url: '/api/coupon/claim', method: 'POST', data: { code }, context: 'user', showSuccessMessage: true })).data;
}
