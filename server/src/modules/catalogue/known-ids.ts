/** Which of some type or item ids do not exist (e.g. a coupon's scope, decision 050); deleted items count as missing. */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueType, course } from './tables.ts';

const missing = (ids: readonly number[], found: { id: number }[]) => {
  const known = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !known.has(id));
};

export async function unknownTypeIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return missing(ids, await db.select({ id: catalogueType.id }).from(catalogueType).where(inArray(catalogueType.id, [...ids])));
}

export async function unknownItemIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return missing(ids, await db.select({ id: course.id }).from(course).where(and(inArray(course.id, [...ids]), isNull(course.deletedAt))));
}
