/**
 * A small in-process cache: entries expire after `ttlMs`; beyond `max` entries the oldest goes.
 * `ttlMs` 0 turns it off (every `get` misses, every `remember` computes).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** Computations under way, so that requests missing the same key at once share one. */
  private readonly pending = new Map<string, Promise<V>>();
  /** Bumped by clear(): a computation started before it must not store its (possibly stale) result. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  /** False when `ttlMs` is 0: nothing is kept. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /**
   * The cached value, or `compute()`'s, kept for next time. When an entry expires under load, the
   * requests that miss it together wait for one computation instead of each querying the database.
   * A failure is shared by those waiting, never kept.
   */
  remember(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    if (this.ttlMs <= 0) return compute();
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const computation = compute().then(
      (value) => {
        if (this.pending.get(key) === computation) this.pending.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === computation) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, computation);
    return computation;
  }

  /** Drops one key; computations under way at the time do not store their (possibly stale) result. */
  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
    this.pending.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }
}
