import type { Order, OrderPage, OrderState, PayLogPage, PurchasePage } from '@framecraft/contracts/commerce-constants';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { commerceKeys } from '../../../lib/commerce.ts';
import { request } from '../../../lib/request/index.ts';

/** My orders, paged on the server, newest first; `state` empty = all. */
export const ordersQuery = (state: OrderState | '', page: number, limit: number) =>
  queryOptions({
    queryKey: [...commerceKeys.orders, state, page, limit],
    queryFn: async () =>
      (await request<OrderPage>({ url: '/api/order/list', params: { ...(state ? { state } : {}), page, limit }, context: 'user' })).data,
    placeholderData: (previous) => previous,
  });

export async function cancelOrder(queryClient: QueryClient, orderNo: string): Promise<Order> {
  const answer = await request<Order>({ url: '/api/order/cancel', method: 'POST', data: { order_no: orderNo }, context: 'user', showSuccessMessage: true });
  void queryClient.invalidateQueries({ queryKey: commerceKeys.orders });
  void queryClient.invalidateQueries({ queryKey: commerceKeys.order(orderNo) });
  return answer.data;
}

export const purchasesQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...commerceKeys.purchases, page, limit],
    queryFn: async () => (await request<PurchasePage>({ url: '/api/purchase/list', params: { page, limit }, context: 'user' })).data,
    placeholderData: (previous) => previous,
  });

export const payLogQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...commerceKeys.payLog, page, limit],
    queryFn: async () => (await request<PayLogPage>({ url: '/api/pay/log', params: { page, limit }, context: 'user' })).data,
    placeholderData: (previous) => previous,
  });
