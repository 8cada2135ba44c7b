import { genController, genDesignSchema, type GenDesign } from '@framecraft/contracts/crud/generator';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { schemaTableNames } from '../../db/tables.ts';
import { ensureGeneratedMenu, removeGeneratedMenu } from '../admin/index.ts';
import { repoRoot } from '../../shared/paths.ts';
import { ApiError } from '../../shared/errors.ts';
import { emit, migrationText, type Emitted, type InsertedLine } from './emit.ts';
import { fieldList, tableExists } from './introspect.ts';
import { mountRuntime, relationTableOf, unmountRuntime } from './runtime.ts';
import { genLog } from './tables.ts';

/** Tables of the product itself: never generated over, never offered as an "existing" table. */
export const SYSTEM_TABLES: ReadonlySet<string> = new Set([
  '_migrations',
  ...schemaTableNames(),
]);

const fieldError = (path: string, key: string, t: (k: string) => string) =>
  new ApiError('api.validationFailed', { data: { errors: { [path]: t(key) } }, msg: t(key) });

export interface RecordedFiles {
  written: string[];
  lines: InsertedLine[];
  locales: { path: string; table: string }[];
}

export function outputRoot(app: FastifyInstance): string {
  return app.deps.env.GENERATOR_OUTPUT_DIR ?? repoRoot;
}

/** A file of the output root, or the project's own copy when the output root has none yet. */
function readBase(root: string, path: string): string | null {
  for (const base of [root, repoRoot]) {
    const file = join(base, path);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

function write(root: string, path: string, content: string) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** The next free migration number over the project's and the output root's folders. */
function nextMigrationNumber(root: string): number {
  let max = 0;
  for (const base of new Set([repoRoot, root])) {
    const folder = join(base, 'server/migrations');
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) if (/^\d{4}_/.test(name)) max = Math.max(max, Number(name.slice(0, 4)));
  }
  return max + 1;
}

/** Name checks that need the database: existing and system tables, relations. Field-message errors. */
async function checkDesign(app: FastifyInstance, design: GenDesign, t: (k: string) => string, regenerating: boolean) {
  const db = app.deps.db;
  const exists = await tableExists(db, design.table);
  if (SYSTEM_TABLES.has(design.table)) throw fieldError('table', 'generator.name.reserved', t);
  if (design.source === 'new' && exists && !regenerating) throw fieldError('table', 'generator.name.exists', t);
  if (design.source === 'existing') {
    if (!exists) throw fieldError('table', 'generator.name.missing', t);
    const fields = await fieldList(db, design.table);
    const id = fields.find((f) => f.name === 'id');
    if (!id?.primaryKey || !['integer', 'bigint'].includes(id.dataType)) throw fieldError('table', 'generator.noPrimaryKey', t);
    for (const [index, field] of design.fields.entries()) {
      if (!fields.some((f) => f.name === field.name)) throw fieldError(`fields.${index}.name`, 'generator.name.missing', t);
    }
  }
  const relations: Record<string, PgTable> = {};
  for (const [index, field] of design.fields.entries()) {
    if (field.component !== 'remoteSelect' || !field.relation) continue;
    const { table, labelField } = field.relation;
    const own = table === design.table;
    const columns = own ? null : await fieldList(db, table);
    const label = own ? design.fields.find((f) => f.name === labelField) : columns!.find((c) => c.name === labelField);
    if (!label || (!own && !columns!.some((c) => c.name === 'id' && c.primaryKey))) throw fieldError(`fields.${index}.relation`, 'generator.relationMissing', t);
    const isText = own ? ['varchar', 'text'].includes((label as { dbType: string }).dbType) : /char|text/.test((label as { dataType: string }).dataType);
    relations[`${field.name}_row`] = relationTableOf(table, labelField, isText);
  }
  return relations;
}

const columnSignature = (design: GenDesign) => JSON.stringify(design.fields.map((f) => [f.name, f.dbType, f.length, f.nullable, f.default]));

/** Insert the menu and its buttons (under the "Generated" directory) unless there. */
async function insertRules(app: FastifyInstance, design: GenDesign) {
  await ensureGeneratedMenu(app.deps.db, { controller: genController(design.table), title: design.title, icon: design.icon });
}

async function removeRules(app: FastifyInstance, table: string) {
  await removeGeneratedMenu(app.deps.db, genController(table));
}

export function writeSources(root: string, emitted: Emitted): RecordedFiles {
  for (const file of emitted.files) write(root, file.path, file.content);
  for (const line of emitted.lines) {
    const text = readBase(root, line.path);
    if (text === null) continue;
    if (text.split('\n').includes(line.line)) {
      write(root, line.path, text);
      continue;
    }
    const at = text.indexOf(line.marker);
    const lineStart = at === -1 ? text.length : text.lastIndexOf('\n', at) + 1;
    write(root, line.path, `${text.slice(0, lineStart)}${line.line}\n${text.slice(lineStart)}`);
  }
  for (const locale of emitted.locales) {
    const text = readBase(root, locale.path);
    const json = text ? (JSON.parse(text) as Record<string, Record<string, unknown>>) : {};
    json.gen = { ...(json.gen ?? {}), [locale.table]: locale.keys };
    write(root, locale.path, `${JSON.stringify(json, null, 2)}\n`);
  }
  return { written: emitted.files.map((f) => f.path), lines: emitted.lines, locales: emitted.locales.map(({ path, table }) => ({ path, table })) };
}

function removeSources(root: string, files: RecordedFiles) {
  for (const path of files.written) rmSync(join(root, path), { force: true });
  for (const line of files.lines) {
    const file = join(root, line.path);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.split('\n').filter((l) => l !== line.line).join('\n'));
  }
  for (const locale of files.locales) {
    const file = join(root, locale.path);
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    if (json.gen) delete json.gen[locale.table];
    if (json.gen && Object.keys(json.gen).length === 0) delete json.gen;
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  }
}

/**
 * Generate: check the design, create the table (a new one: the migration's SQL in one
 * transaction, recorded as applied), write the source, add the rules, log it and serve it at once.
 */
export async function generate(app: FastifyInstance, input: GenDesign, adminId: number, t: (k: string) => string) {
  const design = genDesignSchema.parse(input);
  const db = app.deps.db;
  const [previous] = await db.select().from(genLog).where(eq(genLog.tableName, design.table));
  if (previous) {
    const before = previous.design as GenDesign;
    if (before.source !== design.source || (previous.createdTable && columnSignature(before) !== columnSignature(design))) {
      throw fieldError('table', 'generator.columnsChanged', t);
    }
  }
  const relations = await checkDesign(app, design, t, Boolean(previous));
  const root = outputRoot(app);
  let migration = previous?.migration ?? '';
  let createdTable = previous?.createdTable ?? 0;
  if (design.source === 'new' && !previous) {
    migration = `${String(nextMigrationNumber(root)).padStart(4, '0')}_gen_${design.table}.sql`;
    const text = migrationText(design);
    await db.transaction(async (tx) => {
      for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into "_migrations" (name, hash, created_at) values (${migration}, ${createHash('sha256').update(text).digest('hex')}, ${Number(migration.slice(0, 4))})`);
    });
    createdTable = 1;
  }
  const files = writeSources(root, emit(design, migration || null));
  await insertRules(app, design);
  const values = { design, files, migration, createdTable, adminId, updatedAt: new Date() };
  const [row] = previous
    ? await db.update(genLog).set(values).where(eq(genLog.id, previous.id)).returning({ id: genLog.id })
    : await db.insert(genLog).values({ tableName: design.table, ...values }).returning({ id: genLog.id });
  unmountRuntime(app, design.table);
  mountRuntime(app, design, relations);
  return { id: row!.id, table: design.table, controller: genController(design.table), migration, files: files.written };
}

/** Delete a generation: its runtime routes, rules, files and log row; the table only when asked and created by it. */
export async function removeGeneration(app: FastifyInstance, id: number, dropTable: boolean) {
  const db = app.deps.db;
  const [row] = await db.select().from(genLog).where(eq(genLog.id, id));
  if (!row) throw new ApiError('generator.notFound');
  unmountRuntime(app, row.tableName);
  removeSources(outputRoot(app), row.files as RecordedFiles);
  await db.transaction(async (tx) => {
    await removeRules({ ...app, deps: { ...app.deps, db: tx } } as FastifyInstance, row.tableName);
    if (dropTable && row.createdTable) {
      await tx.execute(sql`drop table if exists ${sql.identifier(row.tableName)}`);
      if (row.migration) await tx.execute(sql`delete from "_migrations" where name = ${row.migration}`);
    }
    await tx.delete(genLog).where(eq(genLog.id, id));
  });
  return { dropped: dropTable && row.createdTable === 1 };
}

/** At start: serve the generated tables whose module is not committed (yet). */
export async function mountAll(app: FastifyInstance) {
  const rows = await app.deps.db.select().from(genLog);
  for (const row of rows) {
    const design = genDesignSchema.safeParse(row.design);
    if (!design.success || !(await tableExists(app.deps.db, row.tableName))) continue;
    try {
      const relations = await checkDesign(app, design.data, (k) => k, true);
      mountRuntime(app, design.data, relations);
    } catch (err) {
      app.log.warn({ err, table: row.tableName }, 'generated table not served');
    }
  }
}

