import { z } from 'zod';
import { recordId } from '@framecraft/contracts/validation';

/**
 * Bracket notation of the request layer (`search[0][field]=name`, `ids[0]=3`) → nested values.
 * Only what the CRUD calls read is rebuilt; anything else stays as it came.
 */
export function unflattenQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(query ?? {})) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match || !match[2]) {
      out[rawKey] = value;
      continue;
    }
    const parts = [match[1]!, ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> = out;
    parts.forEach((part, index) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

/** `{0: a, 1: b}` (bracket notation) or an array or a single value → array. */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') {
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => (value as Record<string, unknown>)[k]);
  }
  return [value];
}

export const OPERATORS = [
  '=',
  '<>',
  'LIKE',
  'NOT LIKE',
  '>',
  '>=',
  '<',
  '<=',
  'FIND_IN_SET',
  'IN',
  'NOT IN',
  'NULL',
  'NOT NULL',
  'RANGE',
  'NOT RANGE',
] as const;
export type Operator = (typeof OPERATORS)[number];

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);

export const searchItem = z.object({
  field: z.string().min(1).max(64),
  val: z.union([scalar, z.array(scalar)]).optional().default(''),
  operator: z.string().min(1).max(16).optional().default('='),
  render: z.string().max(32).optional(),
});

export const indexQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(1000).optional().default(10),
  quickSearch: z.string().trim().max(200).optional().default(''),
  search: z.preprocess(asList, z.array(searchItem).max(50)).optional().default([]),
  order: z.string().trim().max(100).optional().default(''),
  initKey: z.string().trim().max(64).optional(),
  initValue: z.preprocess((v) => asList(v).flatMap((x) => String(x).split(',')).filter(Boolean), z.array(z.string().max(100)).max(1000)).optional(),
  select: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional().default(false),
});
export type IndexQuery = z.output<typeof indexQuery>;

export const idsQuery = z.object({
  ids: z.preprocess(
    (v) => asList(v).flatMap((x) => String(x).split(',')).filter(Boolean),
    z.array(recordId()).min(1).max(1000),
  ),
});

export const idQuery = z.object({ id: recordId() });
export const sortableBody = z.object({ id: recordId(), targetId: recordId() });
