import fp from 'fastify-plugin';
import { registerPaymentProvider } from '../commerce/index.ts';
import { alipayProvider } from './provider.ts';

/** Adds Alipay to the payment interface; commerce's routes (submit, notify, query) serve it. */
export const alipayPayments = fp(async () => {
  registerPaymentProvider(alipayProvider);
});
