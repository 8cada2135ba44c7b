import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A CSV/XLSX export of a back-office table, built by the `crud.export` job (decision 040). The
 * file lives in the private storage root under `file_key`; only the admin who asked downloads it.
 * State: `queued`, `running`, `done`, `failed`.
 */
export const crudExport = pgTable(
  'crud_export',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull(),
    controller: varchar('controller', { length: 100 }).notNull(),
    format: varchar('format', { length: 4 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    rows: integer('rows').notNull().default(0),
    fileKey: varchar('file_key', { length: 255 }).notNull().default(''),
    fileName: varchar('file_name', { length: 150 }).notNull().default(''),
    error: varchar('error', { length: 255 }).notNull().default(''),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finish_time', { withTimezone: true }),
  },
  (t) => [index('crud_export_admin_idx').on(t.adminId, t.createdAt)],
);
