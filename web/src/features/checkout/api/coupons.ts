import type { Order } from '@framecraft/contracts/commerce-constants';
import type { OrderCoupons } from '@framecraft/contracts/coupon-constants';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { commerceKeys } from '../../../lib/commerce.ts';
import { request } from '../../../lib/request/index.ts';

const orderCouponsKey = (orderNo: string) => ['coupons', 'forOrder', orderNo] as const;

/** `GET /api/coupon/forOrder`: the member's coupons measured against this order, best first. */
export const orderCouponsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderCouponsKey(orderNo),
    queryFn: async () => (await request<OrderCoupons>({ url: '/api/coupon/forOrder', params: { order_no: orderNo }, context: 'user', showErrorMessage: false })).data,
  });

/** `POST /api/coupon/apply`: the order with the chosen coupon (0 = none), re-priced by the server. */
export async function applyCoupon(queryClient: QueryClient, orderNo: string, couponId: number): Promise<Order> {
  const answer = await request<Order>({ url: '/api/coupon/apply', method: 'POST', data: { order_no: orderNo, coupon_id: couponId }, context: 'user' });
  queryClient.setQueryData(commerceKeys.order(orderNo), answer.data);
  await queryClient.invalidateQueries({ queryKey: orderCouponsKey(orderNo) });
  return answer.data;
}
