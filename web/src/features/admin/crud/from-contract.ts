import type { CrudFieldDef, CrudFieldType, CrudTableDef } from '@framecraft/contracts/crud/define';
import type { CrudField, FieldType, Row } from './types.ts';

/**
 * CRUD v2 on the web (decision 040): the columns, filters and form items of a table come from its
 * contracts definition — the same one the server's `crudRoutes` reads. A page passes overrides
 * only for what a definition cannot say (a custom render or input).
 */
const INPUT_OF: Record<CrudFieldType, FieldType> = {
  id: 'number',
  string: 'text',
  text: 'textarea',
  richText: 'richText',
  number: 'number',
  money: 'money',
  enum: 'select',
  switch: 'switch',
  image: 'image',
  icon: 'text',
  datetime: 'datetime',
  relation: 'remoteSelect',
};

export type FieldOverrides = Partial<Record<string, Partial<CrudField>>>;

function toField(def: CrudFieldDef): CrudField {
  const relation = def.relation;
  const relatedLabel = (row: Row) => {
    const related = relation ? (row[relation.as] as Record<string, unknown> | null | undefined) : undefined;
    return related?.[relation!.labelField];
  };
  return {
    name: def.name,
    label: def.label,
    type: INPUT_OF[def.type],
    options: def.options?.map((value) => ({ value, label: `${def.optionLabel}.${value}`, color: def.colors?.[String(value)] })),
    remote: relation ? { controller: relation.controller, labelField: relation.labelField, tree: relation.tree, root: relation.root } : undefined,
    column:
      def.list === false
        ? false
        : {
            sortable: def.sort,
            filter: def.filter,
            width: def.list?.width,
            hidden: def.list?.hidden,
            ...(relation
              ? { render: (value: unknown, row: Row) => String(relatedLabel(row) ?? value ?? ''), exportPath: `${relation.as}.${relation.labelField}` }
              : {}),
          },
    form: def.form === false || !def.schema ? false : { required: def.form?.required, addOnly: def.form?.addOnly, defaultValue: def.form?.default, help: def.form?.help },
  };
}

/** A relation's name filters (`user.username`): text filters only, labelled `admin-crud:filters.<as>.<field>`. */
function relationFilters(def: CrudFieldDef): CrudField[] {
  const relation = def.relation;
  return (relation?.filter ?? []).map((field) => ({
    name: `${relation!.as}.${field}`,
    label: `admin-crud:filters.${relation!.as}.${field}`,
    type: 'text',
    column: { filter: true, filterOnly: true },
    form: false,
  }));
}

/** The `CrudField`s of a v2 definition, with per-field overrides merged in. */
export function fieldsOf(definition: CrudTableDef, overrides: FieldOverrides = {}): CrudField[] {
  return definition.fields.flatMap((def) => {
    const field = toField(def);
    const extra = overrides[def.name];
    const merged: CrudField = extra
      ? { ...field, ...extra, column: extra.column === undefined ? field.column : extra.column && field.column ? { ...field.column, ...extra.column } : extra.column }
      : field;
    return [merged, ...relationFilters(def)];
  });
}
