/**
 * The item source (decision 033, follow-up 2): what commerce sells lives in the catalogue's tables,
 * but the catalogue sits above commerce (it prices and checks access with commerce), so commerce
 * cannot import it. Commerce declares here what it needs of an item and the catalogue registers
 * the implementation over its own tables (app.ts wires it before the routes, as the dashboard's
 * sales source and the buyer lookup are registered). Every lookup is batched by a list of ids;
 * functions that run inside a commerce transaction take its handle as their `db`.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { AccessItem } from './access.ts';

/** An item as commerce sees it: enough to show a line, price it, check access and apply a coupon. */
export interface CommerceItem extends AccessItem {
  id: number;
  kind: string;
  typeId: number;
  titleZh: string;
  titleEn: string;
  cover: string;
  /** `on_sale`, `off_sale`, `draft` — only on-sale items can be added to a cart, ordered or paid late. */
  status: string;
}

/** What an owned item delivers (the purchase list): files and lessons in the syllabus's order. */
export interface ItemDeliverables {
  files: { id: number; name: string; size: number; format: string }[];
  /** Lessons by chapter (chapters' order), then by their own order; chapter titles '' when the chapter is gone. */
  lessons: { id: number; chapterZh: string; chapterEn: string; titleZh: string; titleEn: string; duration: number }[];
}

/** Where a file or lesson is stored (decision 024) — for the signed link only, never shown. */
export interface StoredObject {
  storage: string;
  objectKey: string;
}

export interface CommerceItemSource {
  /** Items by id, in one query, whatever their status (a soft-deleted item is off sale); unknown ids are absent. */
  items(db: Db, ids: readonly number[]): Promise<Map<number, CommerceItem>>;
  /** Inside the payment's transaction: sales + 1 for each item delivered (locks those rows until the commit). */
  addSales(tx: Db, ids: readonly number[]): Promise<void>;
  /** Files and lessons of these items (three queries at once, whatever the number of items); every id is in the map. */
  deliverables(db: Db, ids: readonly number[]): Promise<Map<number, ItemDeliverables>>;
  /** One file of one item (undefined when the file does not belong to it). */
  file(db: Db, itemId: number, fileId: number): Promise<(StoredObject & { id: number; name: string }) | undefined>;
  /** One lesson of one item (undefined when the lesson does not belong to it). */
  lesson(db: Db, itemId: number, lessonId: number): Promise<(StoredObject & { id: number; titleZh: string; freePreview: boolean }) | undefined>;
  /**
   * The item table for the back office's relation columns (shop/cart's item): the CRUD factory
   * attaches, filters and sorts it by column name; commerce never queries it itself.
   */
  relationTable: PgTable;
}

let source: CommerceItemSource | undefined;

/** Plug in where items come from (one: the catalogue's `catalogueItemSource`, registered by app.ts). */
export function registerItemSource(itemSource: CommerceItemSource): void {
  source = itemSource;
}

/** The registered item source; commerce cannot sell without one. */
export function itemSource(): CommerceItemSource {
  if (!source) throw new Error('commerce: no item source registered (app.ts registers the catalogue\'s, decision 033)');
  return source;
}
