import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { course, courseViews } from './tables.ts';

/** How often buffered views reach the database, and the most ids one flush writes. */
export const VIEW_FLUSH_INTERVAL_MS = 5_000;
const FLUSH_BATCH = 500;

/**
 * Detail views counted in memory and written in batches, so a detail request never writes: one
 * upsert into `course_views` per interval adds each item's count (`views = views + n`), which stays
 * right with several instances each flushing their own counts. Items deleted meanwhile are left
 * out. A failed flush keeps its counts for
 * the next one; on shutdown the rest is written. At most one interval of views is lost if the
 * process is killed — acceptable for a popularity figure, never for money.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Counts one view; answers the views not yet written for this item (including this one). */
  add(id: number): number {
    const count = (this.pending.get(id) ?? 0) + 1;
    this.pending.set(id, count);
    return count;
  }

  pendingFor(id: number): number {
    return this.pending.get(id) ?? 0;
  }

  /** Writes what is buffered (one flush at a time). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.writePending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending].slice(0, FLUSH_BATCH);
      for (const [id] of batch) this.pending.delete(id);
      try {
        const values = sql.join(
          batch.map(([id, count]) => sql`(${id}::int, ${count}::int)`),
          sql`, `,
        );
        await this.db.execute(sql`insert into ${courseViews} (course_id, views)
          select v.id, v.n from (values ${values}) as v(id, n) join ${course} on ${course.id} = v.id
          on conflict (course_id) do update set views = ${courseViews.views} + excluded.views`);
      } catch (error) {
        // Keep the counts for the next flush; views that arrived meanwhile are added to them.
        for (const [id, count] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + count);
        this.onError(error);
        return;
      }
    }
  }
}
