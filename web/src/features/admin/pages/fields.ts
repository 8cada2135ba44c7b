import type { CrudField, Option } from '../crud/types.ts';

/** Field declarations shared by several admin pages. */
export const idField: CrudField = { name: 'id', type: 'number', column: { sortable: true, width: 80, filter: true }, form: false };
export const statusField: CrudField = { name: 'status', type: 'switch', column: { filter: true, width: 100, sortable: true }, form: { defaultValue: 1 } };
export const weighField: CrudField = { name: 'weigh', type: 'number', column: { sortable: true, width: 90, hidden: true }, form: false };
export const timeField = (name: string, hidden = false): CrudField => ({ name, type: 'datetime', column: { sortable: true, filter: true, width: 170, hidden }, form: false });
export const ENABLE_OPTIONS: Option[] = [
  { value: 'enable', label: 'common.enabled', color: 'green' },
  { value: 'disable', label: 'common.disabled' },
];

/** The seeded super group's stored name, shown translated. */
export const SUPER_GROUP_NAME = 'Super administrators';
