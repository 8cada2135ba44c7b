import type { TestProject } from 'vitest/node';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/seed.ts';
import { adminUrl, withDatabase } from './pg-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: folder of the migrated template. PostgreSQL: name of the template database. */
    dbTemplate: string;
  }
}

/**
 * Migrate and seed (as main.ts does) one template database per run; every test file then copies
 * it (a folder copy for PGlite, CREATE DATABASE … TEMPLATE for PostgreSQL) instead of migrating its own.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `fc_tpl_${process.pid}`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), pgliteDir: '' });
    await migrate(database.db);
    await seed(database.db);
    await database.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const root = join(process.cwd(), '..', '.tmp', `test-db-${process.pid}`);
  const folder = join(root, 'template');
  mkdirSync(root, { recursive: true });
  const database = await openDatabase({ pgliteDir: folder });
  await migrate(database.db);
  await seed(database.db);
  await database.close();
  project.provide('dbTemplate', folder);
  return () => rmSync(root, { recursive: true, force: true });
}
