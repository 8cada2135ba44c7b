import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Broadcast } from '../shared/broadcast.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tell every instance (decision 021): `publish(channel, payload)` / `subscribe(channel, handler)`. */
    broadcast: Broadcast;
  }
}

/** `app.broadcast`: in process without Redis, Redis pub/sub across instances with it. */
export const broadcastPlugin = fp(
  async (app: FastifyInstance) => {
    const broadcast = new Broadcast(app.deps.redis, app.deps.env.REDIS_PREFIX, app.log);
    app.decorate('broadcast', broadcast);
    // Subscriptions made while the plugins registered listen before the app serves.
    app.addHook('onReady', () => broadcast.ready());
    app.addHook('onClose', () => broadcast.close());
  },
  { name: 'broadcast' },
);
