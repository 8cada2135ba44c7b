import { int4 } from '../validation.ts';
import { z } from '../zod.ts';

/** Field definitions shared by the back office's own tables (auth, organization, security, members). */
export const idField = { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false } as const;
/** 0/1 switch, on by default; accepts what a form or a query string sends ("1", 1, true is refused as before). */
export const statusField = {
  name: 'status',
  type: 'switch',
  filter: true,
  sort: true,
  list: { width: 100 },
  form: { default: 1 },
  schema: z.coerce.number().int().min(0).max(1).optional().default(1),
} as const;
/** Drag-sort weight: written by `sortable` (and accepted on add/edit), not in the form. */
export const weighField = { name: 'weigh', type: 'number', filter: true, sort: true, list: { width: 90, hidden: true }, form: false, schema: int4(-1_000_000, 1_000_000).optional() } as const;
export const createTime = <N extends string>(name: N) => ({ name, type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false }) as const;
export const updateTime = <N extends string>(name: N) => ({ name, type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false }) as const;
