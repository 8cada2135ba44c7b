import type { Option } from '../crud/types.ts';

/** Options shared by several admin pages (the tables' fields are in packages/contracts/src/crud). */
export const ENABLE_OPTIONS: Option[] = [
  { value: 'enable', label: 'common.enabled', color: 'green' },
  { value: 'disable', label: 'common.disabled' },
];

/** The seeded super group's stored name, shown translated. */
export const SUPER_GROUP_NAME = 'Super administrators';
