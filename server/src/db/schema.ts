/**
 * The whole Drizzle schema, as drizzle-kit and the schema-drift test read it: one re-export line per
 * module's `tables.ts` (decision 033). Tables are declared in the module that owns them.
 */
export * from '../modules/site-config/tables.ts';
export * from '../modules/session/tables.ts';
export * from '../modules/member-access/tables.ts';
export * from '../modules/admin/tables.ts';
export * from '../modules/admin/crud/tables.ts';
export * from '../modules/uploads/tables.ts';
export * from '../modules/storage/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/ledger/tables.ts';
export * from '../modules/check-in/tables.ts';
export * from '../modules/captcha/tables.ts';
export * from '../modules/codes/tables.ts';
export * from '../modules/commerce/tables.ts';
export * from '../modules/coupons/tables.ts';
export * from '../modules/commission/tables.ts';
export * from '../modules/jobs/tables.ts';
export * from '../modules/login-throttle/tables.ts';
export * from '../modules/generator/tables.ts';
// generator: tables
