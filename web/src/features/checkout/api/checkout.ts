import type { Order, PayDevice, PayMethodCode, PayMethods, PayQueryAnswer, PaySubmitAnswer, SandboxNotification } from '@framecraft/contracts/commerce-constants';
import { queryOptions } from '@tanstack/react-query';
import { commerceKeys } from '../../../lib/commerce.ts';
import { request } from '../../../lib/request/index.ts';

/** While an order is unpaid the page asks again every few seconds: that is how it learns it was paid. */
export const POLL_MS = 3000;

export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: commerceKeys.order(orderNo),
    queryFn: async () =>
      (await request<Order>({ url: '/api/order/detail', params: { order_no: orderNo }, context: 'user', cancelDuplicate: false, showErrorMessage: false })).data,
    refetchInterval: (query) => (query.state.data?.state === 'unpaid' ? POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: false,
  });

export const payMethodsQuery = queryOptions({
  queryKey: ['commerce', 'payMethods'],
  queryFn: async () => (await request<PayMethods>({ url: '/api/pay/methods', context: 'user' })).data,
});

/** Phones get a provider's phone cashier (Alipay wap pay), other devices its desktop page. */
export function payDevice(): PayDevice {
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  return (hint ?? /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i.test(navigator.userAgent)) ? 'mobile' : 'desktop';
}

export async function submitPayment(orderNo: string, method: PayMethodCode): Promise<PaySubmitAnswer> {
  return (await request<PaySubmitAnswer>({ url: '/api/pay/submit', method: 'POST', data: { order_no: orderNo, method, device: payDevice() }, context: 'user' })).data;
}


/**
 * Back from the provider's page and still unpaid: ask the server to check with the provider (a
 * lost or late notification); it settles the order when the provider says it was paid.
 */
export async function queryPayment(orderNo: string): Promise<PayQueryAnswer> {
  return (await request<PayQueryAnswer>({ url: '/api/pay/query', method: 'POST', data: { order_no: orderNo }, context: 'user', showErrorMessage: false, cancelDuplicate: false })).data;
}

/** The sandbox cashier records the payer's choice (what a real provider keeps), before any notification. */
export async function recordSandboxResult(notification: SandboxNotification): Promise<boolean> {
  const answer = await request<{ result: string }>({ url: '/api/pay/sandbox/pay', method: 'POST', data: notification, showErrorMessage: false });
  return answer.code === 1;
}

/**
 * The sandbox page's answer goes to the notification endpoint that real providers use, with the
 * signed fields it was opened with: plain fetch, since that endpoint speaks the provider's reply,
 * not necessarily the envelope.
 */
export async function sendSandboxResult(notification: SandboxNotification): Promise<boolean> {
  const response = await fetch('/api/pay/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', server: 'true' },
    body: JSON.stringify(notification),
  });
  if (!response.ok) return false;
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { code?: number };
    return body.code === undefined || body.code === 1;
  } catch {
    return /success|ok/i.test(text);
  }
}
