/**
 * The commerce calls more than one feature makes (the detail page, the cart, checkout, the member
 * centre and the header count): cart, order creation and delivery links. Page-only calls live in
 * their feature's `api/`. Shapes: `@framecraft/contracts/commerce-constants` (zod-free).
 */
import type { CartCount, CartList, Order, PurchaseLink } from '@framecraft/contracts/commerce-constants';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from './request/index.ts';
import { useMemberStore, type MemberInfo } from '../stores/member.ts';

/** Query keys of commerce answers: every write below invalidates what it changes. */
export const commerceKeys = {
  cart: ['commerce', 'cart'] as const,
  cartCount: ['commerce', 'cart', 'count'] as const,
  orders: ['commerce', 'orders'] as const,
  order: (orderNo: string) => ['commerce', 'order', orderNo] as const,
  purchases: ['commerce', 'purchases'] as const,
  payLog: ['commerce', 'payLog'] as const,
};

export const cartQuery = queryOptions({
  queryKey: commerceKeys.cart,
  queryFn: async () => (await request<CartList>({ url: '/api/cart/list', context: 'user' })).data,
});

/** Header badge: the number of cart lines (no prices, no joins). */
export const cartCountQuery = queryOptions({
  queryKey: commerceKeys.cartCount,
  queryFn: async () => (await request<CartCount>({ url: '/api/cart/count', context: 'user', showErrorMessage: false })).data.count,
  staleTime: 60_000,
});

export async function addToCart(queryClient: QueryClient, itemId: number): Promise<number> {
  const answer = await request<CartCount>({ url: '/api/cart/add', method: 'POST', data: { item_id: itemId }, context: 'user', showSuccessMessage: true });
  queryClient.setQueryData(commerceKeys.cartCount, answer.data.count);
  void queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
  return answer.data.count;
}

export async function removeFromCart(queryClient: QueryClient, ids: number[]): Promise<number> {
  const answer = await request<CartCount>({ url: '/api/cart/remove', method: 'POST', data: { ids }, context: 'user' });
  queryClient.setQueryData(commerceKeys.cartCount, answer.data.count);
  void queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
  return answer.data.count;
}

/** `POST /api/order/create {items}` → the unpaid order; the caller goes on to `/pay?order=…`. */
export async function createOrder(queryClient: QueryClient, items: number[]): Promise<Order> {
  const answer = await request<Order>({ url: '/api/order/create', method: 'POST', data: { items }, context: 'user' });
  void queryClient.invalidateQueries({ queryKey: commerceKeys.orders });
  // Ordered cart lines leave the cart on the server.
  void queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
  return answer.data;
}

export const payPath = (orderNo: string) => `/pay?order=${encodeURIComponent(orderNo)}`;

/** A short-lived signed link to one owned file (download) or lesson (stream). */
export async function purchaseLink(target: { item_id: number; file_id: number } | { item_id: number; lesson_id: number }): Promise<PurchaseLink> {
  return (await request<PurchaseLink>({ url: '/api/purchase/link', method: 'POST', data: target, context: 'user' })).data;
}

/** Download an owned file: fetch a fresh signed link, then let the browser follow it (attachment). */
export async function downloadOwnedFile(itemId: number, fileId: number): Promise<void> {
  const link = await purchaseLink({ item_id: itemId, file_id: fileId });
  window.location.assign(link.url);
}

/** `POST /api/order/create {kind: 'topup', amount} | {kind: 'vip', tier_id}` → the unpaid order (member money). */
export async function createMoneyOrder(queryClient: QueryClient, body: { kind: 'topup'; amount: number } | { kind: 'vip'; tier_id: number }): Promise<Order> {
  const answer = await request<Order>({ url: '/api/order/create', method: 'POST', data: body, context: 'user' });
  void queryClient.invalidateQueries({ queryKey: commerceKeys.orders });
  return answer.data;
}

/**
 * After a paid top-up or VIP order: the member's balance, VIP level and loyalty rate changed, so
 * the stored member (header, member card) is filled again from the init call and every member
 * query (overview, balance log) is refetched.
 */
export async function refreshMember(queryClient: QueryClient): Promise<void> {
  const init = await request<{ userInfo: Partial<MemberInfo> | null }>({ url: '/api/index/index', showErrorMessage: false, cancelDuplicate: false });
  if (init.data.userInfo) useMemberStore.getState().fill(init.data.userInfo);
  for (const key of [['member'], ['index', 'init'], commerceKeys.payLog, commerceKeys.orders]) void queryClient.invalidateQueries({ queryKey: key });
}
