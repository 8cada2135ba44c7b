import type { Language } from '@framecraft/contracts/constants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseNotFound } from './detail.ts';
import { cardColumns, findOnSale, onSale, toCard } from './service.ts';
import { browseHistory, collect, course } from './tables.ts';

/** Favourite an on-sale item; a second add changes nothing. */
export async function addCollect(db: Db, userId: number, courseId: number): Promise<void> {
  if (!(await findOnSale(db, courseId))) throw courseNotFound();
  await db.transaction(async (tx) => {
    const added = await tx.insert(collect).values({ userId, courseId }).onConflictDoNothing().returning({ id: collect.id });
    if (added.length) await tx.update(course).set({ favourites: sql`${course.favourites} + 1` }).where(eq(course.id, courseId));
  });
}

/** Remove a favourite (of any item, even one taken off sale since); absent → nothing happens. */
export async function removeCollect(db: Db, userId: number, courseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(collect)
      .where(and(eq(collect.userId, userId), eq(collect.courseId, courseId)))
      .returning({ id: collect.id });
    if (removed.length)
      await tx
        .update(course)
        .set({ favourites: sql`greatest(${course.favourites} - 1, 0)` })
        .where(eq(course.id, courseId));
  });
}

const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;

/** A member's favourites, newest first; items no longer on sale are left out. */
export async function listCollects(db: Db, userId: number, lang: Language, page: number, limit: number) {
  const where = and(eq(collect.userId, userId), onSale);
  const [rows, counted] = await Promise.all([
    db
      .select({ ...cardColumns, collectedAt: collect.createdAt })
      .from(collect)
      .innerJoin(course, eq(course.id, collect.courseId))
      .where(where)
      .orderBy(desc(collect.createdAt), desc(collect.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(collect).innerJoin(course, eq(course.id, collect.courseId)).where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...toCard(row, lang), collectedAt: Math.floor(row.collectedAt.getTime() / 1000) })),
    total: total(counted),
    page,
    limit,
  };
}

/** One row per member and item: a repeat view moves it to the top and counts it. */
export async function recordHistory(db: Db, userId: number, courseId: number): Promise<void> {
  if (!(await findOnSale(db, courseId))) throw courseNotFound();
  await db
    .insert(browseHistory)
    .values({ userId, courseId })
    .onConflictDoUpdate({
      target: [browseHistory.userId, browseHistory.courseId],
      set: { viewCount: sql`${browseHistory.viewCount} + 1`, lastViewTime: sql`now()` },
    });
}

export async function listHistory(db: Db, userId: number, lang: Language, page: number, limit: number) {
  const where = and(eq(browseHistory.userId, userId), onSale);
  const [rows, counted] = await Promise.all([
    db
      .select({ ...cardColumns, viewedAt: browseHistory.lastViewTime, viewCount: browseHistory.viewCount })
      .from(browseHistory)
      .innerJoin(course, eq(course.id, browseHistory.courseId))
      .where(where)
      .orderBy(desc(browseHistory.lastViewTime), desc(browseHistory.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(browseHistory)
      .innerJoin(course, eq(course.id, browseHistory.courseId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...toCard(row, lang),
      viewedAt: Math.floor(row.viewedAt.getTime() / 1000),
      viewCount: row.viewCount,
    })),
    total: total(counted),
    page,
    limit,
  };
}

export async function deleteHistory(db: Db, userId: number, courseId: number): Promise<void> {
  await db.delete(browseHistory).where(and(eq(browseHistory.userId, userId), eq(browseHistory.courseId, courseId)));
}

export async function clearHistory(db: Db, userId: number): Promise<void> {
  await db.delete(browseHistory).where(eq(browseHistory.userId, userId));
}
