import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPaymentProvider } from '../commerce/index.ts';
import { stripeProvider } from './provider.ts';

/** Adds the `stripe` method; commerce offers it when `payMethods` names it and its settings are complete. */
export const stripePayments = fp(async (_app: FastifyInstance) => {
  registerPaymentProvider(stripeProvider);
});
