
import { z } from '../zod.ts';
import { defineCrud, epochDate, flag, moneyCents, text, type CrudFieldDef, type CrudTableDef } from './define.ts';

/**
 * The CRUD code generator (issue 20, decision 045). A design is the designer's whole state — it is
 * JSON, stored in the generation log, so reopening restores every setting — and `designToCrud`
 * turns it into the CRUD v2 definition (decision 040) that the generic runtime page, the runtime
 * routes and the emitted source all share.
 */
export const GEN_COMPONENTS = ['text', 'textarea', 'number', 'money', 'select', 'radio', 'switch', 'date', 'image', 'file', 'richText', 'remoteSelect', 'city', 'icon'] as const;
export type GenComponent = (typeof GEN_COMPONENTS)[number];
export const GEN_DB_TYPES = ['integer', 'bigint', 'smallint', 'numeric', 'varchar', 'text', 'timestamptz'] as const;
export type GenDbType = (typeof GEN_DB_TYPES)[number];
/** The list filter of a column; the operator the web offers follows the type (text LIKE, number/date RANGE, select =). */
export const GEN_OPERATORS = ['none', 'eq', 'like', 'range'] as const;
export const GEN_RULES = ['required', 'email', 'mobile', 'url', 'integer'] as const;

/** Column types each form component may be stored in (first = the designer's default). */
export const COMPONENT_DB_TYPES: Record<GenComponent, readonly GenDbType[]> = {
  text: ['varchar', 'text'],
  textarea: ['text', 'varchar'],
  number: ['integer', 'bigint', 'smallint', 'numeric'],
  money: ['integer', 'bigint'],
  select: ['varchar'],
  radio: ['varchar'],
  switch: ['smallint', 'integer'],
  date: ['timestamptz'],
  image: ['varchar', 'text'],
  file: ['varchar', 'text'],
  richText: ['text'],
  remoteSelect: ['integer', 'bigint'],
  city: ['varchar'],
  icon: ['varchar'],
};

/** Names no generated table or field may take: SQL keywords (PostgreSQL reserved words and common ones). */
export const SQL_KEYWORDS = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column concurrently
  constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp current_user default
  deferrable desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in initially inner intersect
  into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on only or order outer overlaps
  placing primary references returning right select session_user similar some symmetric system_user table tablesample then to trailing true
  union unique user using variadic verbose when where window with delete update insert drop alter index view trigger function begin commit
  rollback values set key schema database sequence between exists int integer bigint smallint text varchar char boolean date time timestamp
  interval numeric decimal real double precision serial`.split(/\s+/).filter(Boolean),
);
/** Tables of the product itself (checked again on the server against the live schema). */
export const GEN_RESERVED_PREFIXES = ['_', 'pg_', 'sql_', 'admin', 'crud_', 'gen_log'];
/** Columns the generator adds itself. */
export const GEN_AUTO_FIELDS = ['id', 'create_time'] as const;

/** An identifier of ours: lower case letter first, then letters, digits, underscores; 2–40 characters. */
const IDENT = /^[a-z][a-z0-9_]{1,39}$/;

export type NameProblem = 'notIdentifier' | 'keyword' | 'reserved';
/** Why a table or field name is refused (a `generator.name.<problem>` message), or null. */
export function nameProblem(name: string, kind: 'table' | 'field'): NameProblem | null {
  if (!IDENT.test(name)) return 'notIdentifier';
  if (SQL_KEYWORDS.has(name)) return 'keyword';
  if (kind === 'table' && GEN_RESERVED_PREFIXES.some((p) => name.startsWith(p))) return 'reserved';
  if (kind === 'field' && (GEN_AUTO_FIELDS as readonly string[]).includes(name)) return 'reserved';
  return null;
}

export const genFieldSchema = z.object({
  /** A column name; a new table's are checked by `nameProblem` (an existing table's only need to exist). */
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'generator.name.notIdentifier'),
  /** Label of the column and form item (and the column's comment when `comment` is empty). */
  label: z.string().trim().min(1, 'validation.required').max(50),
  comment: z.string().trim().max(200).default(''),
  dbType: z.enum(GEN_DB_TYPES),
  /** varchar length. */
  length: z.coerce.number().int().min(1).max(10_000).default(255),
  /** SQL default as typed ('' = none; `now` for dates; numbers for number columns). */
  default: z.string().max(200).default(''),
  nullable: z.boolean().default(false),
  component: z.enum(GEN_COMPONENTS),
  /** select / radio values. */
  options: z.array(z.string().trim().regex(/^[\w-]{1,40}$/, 'generator.option')).max(50).default([]),
  rules: z.array(z.enum(GEN_RULES)).default([]),
  list: z
    .object({
      show: z.boolean().default(true),
      operator: z.enum(GEN_OPERATORS).default('none'),
      sortable: z.boolean().default(false),
      quickSearch: z.boolean().default(false),
      width: z.coerce.number().int().min(0).max(1000).default(0),
    })
    .default({ show: true, operator: 'none', sortable: false, quickSearch: false, width: 0 }),
  /** remoteSelect: the other table (by its `id`) and the field shown for a row. */
  relation: z
    .object({
      table: z.string().regex(IDENT, 'generator.name.notIdentifier'),
      labelField: z.string().regex(IDENT, 'generator.name.notIdentifier'),
      /** The other table's controller (its remote select source); default `gen/<table>`. */
      controller: z.string().regex(/^[a-z][\w/]{0,99}$/, 'generator.name.notIdentifier').or(z.literal('')).default(''),
      filter: z.boolean().default(false),
    })
    .nullable()
    .default(null),
});
export type GenField = z.infer<typeof genFieldSchema>;

export const genDesignSchema = z
  .object({
    /** `new` creates the table; `existing` builds the CRUD of a table that is there. */
    source: z.enum(['new', 'existing']),
    table: z.string(),
    /** Menu title and the table's comment. */
    title: z.string().trim().min(1, 'validation.required').max(50),
    icon: z.string().trim().max(50).default(''),
    /** The table has the `create_time` column (always for a new table; an existing one may not). */
    createTime: z.boolean().default(true),
    fields: z.array(genFieldSchema).min(1, 'generator.noFields').max(60),
  })
  .superRefine((design, ctx) => {
    const problem = nameProblem(design.table, 'table');
    if (problem) ctx.addIssue({ code: 'custom', path: ['table'], message: `generator.name.${problem}` });
    const seen = new Set<string>();
    design.fields.forEach((field, index) => {
      const named = design.source === 'new' ? nameProblem(field.name, 'field') : null;
      if (named) ctx.addIssue({ code: 'custom', path: ['fields', index, 'name'], message: `generator.name.${named}` });
      if (design.source === 'existing' && (GEN_AUTO_FIELDS as readonly string[]).includes(field.name)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'name'], message: 'generator.name.reserved' });
      if (seen.has(field.name)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'name'], message: 'generator.duplicateField' });
      seen.add(field.name);
      if (!COMPONENT_DB_TYPES[field.component].includes(field.dbType)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'dbType'], message: 'generator.typeMismatch' });
      if ((field.component === 'select' || field.component === 'radio') && field.options.length === 0) ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: 'generator.needOptions' });
      if (field.component === 'remoteSelect' && !field.relation) ctx.addIssue({ code: 'custom', path: ['fields', index, 'relation'], message: 'generator.needRelation' });
      if (field.default && defaultSql(field) === null) ctx.addIssue({ code: 'custom', path: ['fields', index, 'default'], message: 'generator.badDefault' });
    });
  });
export type GenDesign = z.infer<typeof genDesignSchema>;

/** The controller of a generated table: `/admin/gen/<table>/<action>`, nodes `gen/<table>/<action>`. */
export const genController = (table: string) => `gen/${table}`;

const NUMERIC_TYPES: readonly GenDbType[] = ['integer', 'bigint', 'smallint', 'numeric'];

/** The SQL default clause's value of a field, or null when what was typed does not fit the type. */
export function defaultSql(field: Pick<GenField, 'default' | 'dbType' | 'nullable'>): string | null {
  const value = field.default.trim();
  if (value === '') return '';
  if (value.toLowerCase() === 'null') return field.nullable ? 'NULL' : null;
  if (NUMERIC_TYPES.includes(field.dbType)) return /^-?\d{1,15}(\.\d{1,6})?$/.test(value) && (field.dbType === 'numeric' || !value.includes('.')) ? value : null;
  if (field.dbType === 'timestamptz') return value.toLowerCase() === 'now' ? 'now()' : null;
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The default a new column gets: the typed one, or — for a NOT NULL column left without one — an
 * empty value of its type ('' , 0, now()), so a row added without the field still inserts.
 */
export function effectiveDefaultSql(field: Pick<GenField, 'default' | 'dbType' | 'nullable'>): string {
  const typed = defaultSql(field);
  if (typed) return typed;
  if (field.nullable) return '';
  if (field.dbType === 'timestamptz') return 'now()';
  return NUMERIC_TYPES.includes(field.dbType) ? '0' : "''";
}

/** The field's write schema: required unless it may be left out (the column's default then applies). */
function fieldSchema(field: GenField): z.ZodType {
  const required = field.rules.includes('required');
  const max = field.dbType === 'varchar' ? field.length : 100_000;
  let schema: z.ZodType;
  switch (field.component) {
    case 'number':
      schema = field.dbType === 'numeric' && !field.rules.includes('integer') ? z.coerce.number() : z.coerce.number().int();
      break;
    case 'money':
      schema = moneyCents();
      break;
    case 'switch':
      schema = flag();
      break;
    case 'date':
      schema = epochDate();
      break;
    case 'remoteSelect':
      schema = z.coerce.number().int().min(0).max(2_147_483_647);
      break;
    case 'select':
    case 'radio':
      schema = z.enum(field.options as [string, ...string[]]);
      break;
    default: {
      let s = text(max, required ? 1 : 0);
      if (field.rules.includes('email')) s = s.email('validation.email');
      if (field.rules.includes('url')) s = s.url('generator.url');
      if (field.rules.includes('mobile')) s = s.regex(/^1[3-9]\d{9}$/, 'validation.mobile');
      schema = field.rules.some((r) => r === 'email' || r === 'url' || r === 'mobile') && !required ? s.or(z.literal('')) : s;
    }
  }
  if (field.nullable && !required) schema = schema.nullable();
  return required ? schema : schema.optional();
}

/** The CRUD v2 field type of each form component (the runtime definition and the emitted source both use it). */
export const CRUD_TYPE_OF_COMPONENT: Record<GenComponent, CrudFieldDef['type']> = {
  text: 'string',
  textarea: 'text',
  number: 'number',
  money: 'money',
  select: 'enum',
  radio: 'enum',
  switch: 'switch',
  date: 'datetime',
  image: 'image',
  file: 'string',
  richText: 'richText',
  remoteSelect: 'relation',
  city: 'string',
  icon: 'icon',
};

/**
 * The CRUD v2 definition of a design. `label(field)` gives a field's label key (the runtime page
 * passes the typed text, the emitted source a language key).
 */
export function designToCrud(design: GenDesign, label: (field: GenField) => string = (f) => f.label): CrudTableDef {
  const fields: CrudFieldDef[] = [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    ...design.fields.map((field): CrudFieldDef => {
      const def: CrudFieldDef = {
        name: field.name,
        type: CRUD_TYPE_OF_COMPONENT[field.component],
        label: label(field),
        filter: field.list.operator !== 'none',
        sort: field.list.sortable,
        search: field.list.quickSearch,
        list: field.list.show ? (field.list.width ? { width: field.list.width } : {}) : false,
        form: { required: field.rules.includes('required') },
        schema: fieldSchema(field),
      };
      if (field.component === 'select' || field.component === 'radio') return { ...def, options: field.options, optionLabel: `gen.${design.table}.${field.name}` };
      if (field.component === 'remoteSelect' && field.relation) {
        const { table, labelField, filter, controller } = field.relation;
        return { ...def, relation: { as: `${field.name}_row`, controller: controller || genController(table), labelField, fields: [labelField], filter: filter ? [labelField] : [] } };
      }
      return def;
    }),
    ...(design.createTime ? [{ name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false } as const] : []),
  ];
  return defineCrud({ controller: genController(design.table), defaultOrder: 'id,desc', actions: ['index', 'add', 'edit', 'del', 'export'], fields });
}
