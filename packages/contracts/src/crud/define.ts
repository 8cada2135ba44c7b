import { z } from '../zod.ts';
import { MONEY_MAX_CENTS } from '../money.ts';

/**
 * Generic CRUD v2 (decision 040): one typed field definition per back-office table. The server's
 * `crudRoutes` derives its quick search, filters, sorts, relations and write schema from it; the
 * web's `<CrudTable>` its columns, filter widgets, form inputs and export columns. Field names are
 * the SQL column names (the API's names).
 */
export type CrudFieldType =
  | 'id'
  | 'string'
  | 'text'
  | 'richText'
  | 'number'
  | 'money'
  | 'enum'
  | 'switch'
  | 'image'
  | 'icon'
  | 'datetime'
  | 'relation';

/** Another table reached through this field (`user_id` → the member): its row is attached as `as`. */
export interface CrudRelationDef {
  /** Key of the attached object on each row, e.g. `user`. */
  as: string;
  /** Controller of the other table: the form's remote select reads its `index?select=true`. */
  controller: string;
  /** The other table's field shown for the row (and searched in the select). */
  labelField: string;
  /** Fields of the other table attached to each row (the label field is always one). */
  fields: readonly string[];
  /** Fields of the other table an admin may filter on, e.g. `user.username` ("orders by username"). */
  filter?: readonly string[];
  /** The other table is a `pid` tree (a tree select). */
  tree?: boolean;
  /** A value offered before the rows, e.g. `0` = top level. */
  root?: { value: number; label: string };
}

export interface CrudFieldDef {
  name: string;
  type: CrudFieldType;
  /** Translation key of the label (web `admin` namespace, `ns:key` for another); default `fields.<name>`. */
  label?: string;
  /** Offered as a filter and accepted by the server's `search[]`. */
  filter?: boolean;
  /** Column can be sorted (server `order`). */
  sort?: boolean;
  /** Matched by the quick search (`ILIKE`, backed by a trigram index — decision 040). */
  search?: boolean;
  /** `enum`: the stored values, and the key prefix of their labels (`<prefix>.<value>`). */
  options?: readonly (string | number)[];
  optionLabel?: string;
  /** `enum`: tag colour per value. */
  colors?: Readonly<Record<string, string>>;
  relation?: CrudRelationDef;
  /** Table column: false = not shown; `hidden` = off until the admin shows it. */
  list?: false | { hidden?: boolean; width?: number };
  /** Add/edit dialog: false = not in the form (also when there is no schema). */
  form?: false | { required?: boolean; addOnly?: boolean; default?: unknown; help?: string };
  /** Write schema of this field (add and edit); a field without one is never written. */
  schema?: z.ZodType;
}

export interface CrudTableDef {
  /** `shop/type` → URLs `/admin/shop/type/<action>`, nodes `shop/type/<action>`. */
  controller: string;
  fields: readonly CrudFieldDef[];
  /** The weight column drag-sort rewrites. */
  weigh?: string;
  /** Rows form a `pid` tree. */
  tree?: boolean;
  /** `field,asc|desc`. */
  defaultOrder?: string;
  /** Actions offered; default index, add, edit, del (+ sortable with `weigh`). Export needs index. */
  actions?: readonly ('index' | 'add' | 'edit' | 'del' | 'sortable' | 'export')[];
}

/** Keeps the literal types of a definition (names, enum options) for the row types below. */
export function defineCrud<const D extends CrudTableDef>(definition: D): D {
  return definition;
}

type StringTypes = 'string' | 'text' | 'richText' | 'image' | 'icon';
type FieldValue<F> = F extends { type: 'enum'; options: readonly (infer O)[] }
  ? O
  : F extends { type: StringTypes }
    ? string
    : F extends { type: 'datetime' }
      ? number | null
      : number;
type RelationValue<F> = F extends { relation: { fields: readonly (infer K extends string)[]; labelField: infer L extends string } } ? Record<K | L | 'id', unknown> | null : never;

/** A listed row of a definition: each field's value by type, plus the attached relation objects. */
export type CrudRow<D extends CrudTableDef> = {
  [F in D['fields'][number] as F['name']]: FieldValue<F>;
} & {
  [F in D['fields'][number] as F extends { relation: { as: infer A extends string } } ? A : never]: RelationValue<F>;
} & { id: number; children?: CrudRow<D>[] };

/** Fields the server filters on: the filter fields and each relation's `as.field` filters. */
export function filterNames(definition: CrudTableDef): string[] {
  return definition.fields.flatMap((f) => [...(f.filter ? [f.name] : []), ...(f.relation?.filter ?? []).map((r) => `${f.relation!.as}.${r}`)]);
}

/** The zod shape of a definition's written fields: each field name with its own schema's type. */
export type WriteShape<D extends CrudTableDef> = {
  [F in D['fields'][number] as F extends { schema: z.ZodType } ? F['name'] : never]: F extends { schema: infer S extends z.ZodType } ? S : never;
};

/** The add/edit body schema: every field with a schema; unknown fields are dropped. */
export function writeSchema<D extends CrudTableDef>(definition: D): z.ZodObject<WriteShape<D>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) if (field.schema) shape[field.name] = field.schema;
  return z.object(shape) as unknown as z.ZodObject<WriteShape<D>>;
}

// ── Field schemas shared by definitions ─────────────────────────────────────────────────────

/** Integer cents of a money field (the form turns typed yuan into cents with `parseMoney`). */
export const moneyCents = () => z.coerce.number().int('validation.moneyDecimals').min(0, 'validation.moneyNegative').max(MONEY_MAX_CENTS, 'validation.moneyTooLarge');
/** A switch stored as 0/1. */
export const flag = () => z.union([z.literal(0), z.literal(1), z.boolean().transform((b): 0 | 1 => (b ? 1 : 0))]);
/** Trimmed text up to `max` characters; `min` 1 makes it required. */
export const text = (max: number, min = 0) => z.string().trim().min(min).max(max);
/** Epoch seconds (the wire form of dates) → Date; null/'' = none. */
export const epochDate = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().min(0).max(32_503_680_000).nullable()).transform((s) => (s === null ? null : new Date(s * 1000)));
