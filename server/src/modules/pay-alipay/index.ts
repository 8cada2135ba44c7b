/** Public API of pay-alipay (decision 034): the Alipay payment provider and its registration. */
export { alipayProvider } from './provider.ts';
export { alipayPayments } from './plugin.ts';
