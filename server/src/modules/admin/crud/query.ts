import { and, asc, desc, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError } from '../../../shared/errors.ts';
import type { MessageKey } from '@framecraft/contracts/messages';
import { columnByName, type ResolvedCrud } from './define.ts';
import { OPERATORS, type IndexQuery, type Operator } from './params.ts';

const fieldError = (field: string, msg: string) => new ApiError('api.validationFailed', { msg, data: { errors: { [field]: msg } } });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whole-number column types and their ranges: a filter value outside is a field message, not a database error. */
const INTEGER_RANGES: Record<string, [number, number]> = {
  PgSmallInt: [-32_768, 32_767],
  PgSmallSerial: [-32_768, 32_767],
  PgInteger: [-2_147_483_648, 2_147_483_647],
  PgSerial: [-2_147_483_648, 2_147_483_647],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** A filter value in the column's type; 10-digit numbers on date columns are epoch seconds. */
function typed(column: PgColumn, raw: string, field: string, t: Translate): unknown {
  const text = raw.trim();
  if (column.dataType === 'number') {
    const n = Number(text);
    if (text === '' || !Number.isFinite(n)) throw fieldError(field, t('validation.notANumber'));
    const range = INTEGER_RANGES[column.columnType];
    if (range && (!Number.isInteger(n) || n < range[0] || n > range[1])) throw fieldError(field, t('validation.invalidValue'));
    return n;
  }
  if (column.dataType === 'date') {
    const date = /^\d{1,10}$/.test(text) ? new Date(Number(text) * 1000) : new Date(text.replace(' ', 'T'));
    if (Number.isNaN(date.getTime())) throw fieldError(field, t('validation.invalidValue'));
    return date;
  }
  if (column.dataType === 'boolean') return text === '1' || text === 'true';
  return text;
}

const asText = (column: PgColumn) => (column.dataType === 'string' ? sql`${column}` : sql`${column}::text`);

export type Translate = (key: MessageKey, params?: Record<string, unknown>) => string;

type SearchItem = { field: string; val: string | string[]; operator: string };

/**
 * One `search[]` item → SQL; the field must be declared filterable and the operator known. A
 * relation field (`user.username`) becomes `user_id IN (SELECT id FROM user WHERE username …)`:
 * the list still pages and counts one table (decision 040).
 */
function condition(crud: ResolvedCrud, item: SearchItem, t: Translate): SQL | undefined {
  const { field } = item;
  if (!crud.filterable.includes(field)) throw fieldError(field, t('admin.crud.unknownField', { field }));
  const [as, related] = field.split('.');
  if (related) {
    const relation = crud.relations!.find((r) => r.as === as)!;
    const inner = columnCondition(columnByName(relation.table, related)!, item, t);
    if (!inner) return undefined;
    const key = columnByName(relation.table, relation.foreignField)!;
    return sql`${crud.columns.get(relation.localField)!} in (select ${key} from ${relation.table} where ${inner})`;
  }
  const column = crud.columns.get(field);
  if (!column) throw fieldError(field, t('admin.crud.unknownField', { field }));
  return columnCondition(column, item, t);
}

function columnCondition(column: PgColumn, item: SearchItem, t: Translate): SQL | undefined {
  const { field } = item;
  const operator = item.operator.toUpperCase().trim() as Operator;
  if (!OPERATORS.includes(operator)) throw fieldError(field, t('admin.crud.unknownOperator', { operator: item.operator }));
  const list = Array.isArray(item.val) ? item.val : item.val.split(',');
  const val = Array.isArray(item.val) ? item.val.join(',') : item.val;
  const value = (raw: string) => typed(column, raw, field, t);
  switch (operator) {
    case '=':
      return sql`${column} = ${value(val)}`;
    case '<>':
      return sql`${column} <> ${value(val)}`;
    case '>':
      return sql`${column} > ${value(val)}`;
    case '>=':
      return sql`${column} >= ${value(val)}`;
    case '<':
      return sql`${column} < ${value(val)}`;
    case '<=':
      return sql`${column} <= ${value(val)}`;
    case 'LIKE':
      return sql`${asText(column)} ilike ${`%${escapeLike(val)}%`}`;
    case 'NOT LIKE':
      return sql`${asText(column)} not ilike ${`%${escapeLike(val)}%`}`;
    case 'FIND_IN_SET':
      return sql`${val.trim()} = any(string_to_array(${asText(column)}, ','))`;
    case 'IN':
    case 'NOT IN': {
      const values = list.map((v) => v.trim()).filter((v) => v !== '').map(value);
      if (values.length === 0) return operator === 'IN' ? sql`false` : undefined;
      return operator === 'IN' ? inArray(column, values) : not(inArray(column, values));
    }
    case 'NULL':
      return isNull(column);
    case 'NOT NULL':
      return isNotNull(column);
    case 'RANGE':
    case 'NOT RANGE': {
      if (list.length !== 2) throw fieldError(field, t('admin.crud.badRange'));
      const [from, to] = list.map((v) => v.trim());
      const parts: SQL[] = [];
      if (from) parts.push(sql`${column} >= ${value(from)}`);
      if (to) parts.push(sql`${column} <= ${value(to)}`);
      if (parts.length === 0) return undefined;
      const range = and(...parts)!;
      return operator === 'RANGE' ? range : not(range);
    }
  }
}

/** WHERE of an index call, apart from the data scope. */
export function buildFilters(crud: ResolvedCrud, query: IndexQuery, t: Translate): SQL[] {
  const where: SQL[] = [];
  if (query.quickSearch && crud.quickSearch.length) {
    const pattern = `%${escapeLike(query.quickSearch)}%`;
    where.push(or(...crud.quickSearch.map((f) => sql`${asText(crud.columns.get(f)!)} ilike ${pattern}`))!);
  }
  for (const item of query.search) {
    const c = condition(crud, item, t);
    if (c) where.push(c);
  }
  if (query.initKey !== undefined && query.initValue) {
    const column = crud.columns.get(query.initKey);
    if (!column || (query.initKey !== crud.pk && !crud.filterable.includes(query.initKey))) {
      throw fieldError('initKey', t('admin.crud.unknownField', { field: query.initKey }));
    }
    where.push(query.initValue.length ? inArray(column, query.initValue.map((v) => typed(column, v, 'initValue', t))) : sql`false`);
  }
  return where;
}

/** ORDER BY of an index call: one declared field, then the primary key in the same direction. */
export function buildOrder(crud: ResolvedCrud, order: string, t: Translate): SQL[] {
  const text = order || crud.defaultOrder || `${crud.pk},desc`;
  const [field = '', dir = 'desc'] = text.split(',').map((s) => s.trim());
  const column = crud.columns.get(field);
  if (!column || (field !== crud.pk && !crud.sortable.includes(field) && text !== crud.defaultOrder)) {
    throw fieldError('order', t('admin.crud.unknownSort', { field }));
  }
  const direction = dir.toLowerCase() === 'asc' ? asc : desc;
  return field === crud.pk ? [direction(column)] : [direction(column), direction(crud.pkColumn)];
}
