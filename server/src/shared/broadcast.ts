import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

export type BroadcastHandler = (payload: unknown) => void | Promise<void>;

type Logger = { warn(obj: object, msg: string): void };

/**
 * One way to tell every instance of the shop that something changed (decision 021): a cache to
 * drop, later order events. `publish` delivers to this instance's subscribers at once (in
 * process) and, with Redis, over Redis pub/sub (channel `REDIS_PREFIX` + name) to the others,
 * which skip their own messages. Without Redis there is only one instance to tell.
 */
export class Broadcast {
  private readonly handlers = new Map<string, Set<BroadcastHandler>>();
  private readonly pending = new Set<Promise<unknown>>();
  private subscriber: Redis | undefined;
  private closed = false;
  /** Marks this instance's own messages. */
  readonly instanceId = randomUUID();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  /** Deliver `payload` (JSON) on `channel` to every instance's subscribers, this one's first and synchronously. */
  async publish(channel: string, payload: unknown = null): Promise<void> {
    this.deliver(channel, payload);
    if (!this.redis) return;
    try {
      await this.redis.publish(this.prefix + channel, JSON.stringify({ from: this.instanceId, payload }));
    } catch (err) {
      this.log.warn({ err, channel }, 'could not broadcast to other instances; they catch up on their own');
    }
  }

  /**
   * Call `handler` for every message on `channel`, from any instance. Resolves once Redis listens
   * (`ready()` waits for every subscription made so far). Returns the way to unsubscribe.
   */
  subscribe(channel: string, handler: BroadcastHandler): Promise<() => void> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    const unsubscribe = () => void set.delete(handler);
    if (!this.redis || !first) return Promise.resolve(unsubscribe);
    const listening = this.connection()
      .subscribe(this.prefix + channel)
      .catch((err: unknown) => this.log.warn({ err, channel }, 'could not subscribe to a broadcast channel'));
    this.pending.add(listening);
    void listening.finally(() => this.pending.delete(listening));
    return listening.then(() => unsubscribe);
  }

  /** Wait until Redis listens on every channel subscribed so far. */
  async ready(): Promise<void> {
    await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** A subscribed Redis connection cannot run other commands: one of its own, made on first use. */
  private connection(): Redis {
    if (!this.subscriber) {
      // Subscriptions wait for the connection (and are renewed by ioredis after a reconnect).
      const subscriber = this.redis!.duplicate({ enableOfflineQueue: true });
      subscriber.on('message', (fullChannel: string, message: string) => {
        if (this.closed || !fullChannel.startsWith(this.prefix)) return;
        let from: unknown;
        let payload: unknown = message;
        try {
          const parsed = JSON.parse(message) as { from?: unknown; payload?: unknown };
          if (parsed && typeof parsed === 'object' && 'from' in parsed) ({ from, payload } = parsed);
        } catch {
          // Not one of ours (e.g. an older instance's bare timestamp): deliver the text.
        }
        if (from !== this.instanceId) this.deliver(fullChannel.slice(this.prefix.length), payload);
      });
      subscriber.on('error', () => {});
      this.subscriber = subscriber;
    }
    return this.subscriber;
  }

  private deliver(channel: string, payload: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        void Promise.resolve(handler(payload)).catch((err: unknown) => this.log.warn({ err, channel }, 'a broadcast handler failed'));
      } catch (err) {
        this.log.warn({ err, channel }, 'a broadcast handler failed');
      }
    }
  }
}
