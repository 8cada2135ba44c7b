import type { ExportStatus } from '@framecraft/contracts/admin';
import type { Language } from '@framecraft/contracts/constants';
import type { CrudFieldType } from '@framecraft/contracts/crud/define';
import { translate } from '@framecraft/contracts/messages';
import { formatMoney } from '@framecraft/contracts/money';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { admin } from '../tables.ts';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { contentDisposition, removeQuietly, tempDir } from '../../storage/index.ts';
import { loadAccess } from '../core/access.ts';
import { adminRoute, currentAccess } from '../core/route-table.ts';
import type { ResolvedCrud, Row } from './define.ts';
import { exportCleanupJob } from './export-cleanup.ts';
import { indexQuery, idQuery, unflattenQuery, type IndexQuery } from './params.ts';
import { listQuery, pageOfRows } from './routes.ts';
import { crudExport } from './tables.ts';

/**
 * Exports of back-office tables (decision 040): `POST /admin/<controller>/export` queues the
 * `crud.export` job with the list's filters; the job reads the rows in pages and streams them into
 * a CSV or XLSX file in the private storage root; the admin who asked polls
 * `crud/export/status` and downloads `crud/export/file`. Nothing is paged through the browser.
 */
const JOB = 'crud.export';
const BATCH = 2000;
const FORMATS = ['text', 'money', 'datetime', 'enum', 'switch'] as const;
type CellFormat = (typeof FORMATS)[number];

const exportColumn = z.object({
  /** A column name, or `<relation>.<field>` of an attached relation. */
  name: z.string().min(1).max(130),
  /** The header as the admin sees it (translated by the web). */
  title: z.string().max(100),
  format: z.enum(FORMATS).optional().default('text'),
  /** Text per stored value (enum options, switch states). */
  labels: z.record(z.string().max(100), z.string().max(200)).optional(),
});
type ExportColumn = z.output<typeof exportColumn>;

const exportBody = z.object({
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(exportColumn).min(1).max(80),
  /** The browser's `getTimezoneOffset()`: dates are written in the admin's local time. */
  tz_offset: z.coerce.number().int().min(-900).max(900).optional().default(0),
});

interface ExportPayload {
  id: number;
  query: IndexQuery;
  columns: ExportColumn[];
  tzOffset: number;
  lang: Language;
}

/** A v2 field type decides the cell format; v1 tables take the web's hint. */
const FORMAT_OF_TYPE: Partial<Record<CrudFieldType, CellFormat>> = { money: 'money', datetime: 'datetime', enum: 'enum', switch: 'switch' };

function valueAt(row: Row, name: string): unknown {
  const [as, field] = name.split('.');
  if (!field) return row[name];
  const related = row[as!] as Row | null | undefined;
  return related?.[field];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Epoch seconds → `yyyy-mm-dd hh:MM:ss` in the admin's zone, whatever the server's TZ. */
function localTime(seconds: number, tzOffset: number): string {
  const d = new Date(seconds * 1000 - tzOffset * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function cellText(crud: ResolvedCrud, column: ExportColumn, row: Row, tzOffset: number): string {
  const value = valueAt(row, column.name);
  if (value === null || value === undefined) return '';
  const type = crud.contract.fields.find((f) => f.name === column.name)?.type;
  const format = (type && FORMAT_OF_TYPE[type]) ?? column.format;
  if (format === 'money') return formatMoney(Number(value));
  if (format === 'datetime') return typeof value === 'number' && value > 0 ? localTime(value, tzOffset) : '';
  if (format === 'enum' || format === 'switch') return column.labels?.[String(value)] ?? String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A leading = + - @ would run as a formula in a spreadsheet: neutralised, numbers excepted. */
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A column names a field of the listed rows as the index answers them (columns, attached
 * relations, what an `expand` hook adds), so an export never shows more than the list; hidden
 * columns (passwords …) are refused outright. A name the rows do not have is an empty column.
 */
function checkColumns(crud: ResolvedCrud, columns: ExportColumn[], lang: Language) {
  for (const { name } of columns) {
    const [first] = name.split('.');
    if (/^\w+(\.\w+)?$/.test(name) && !crud.hidden?.includes(first!)) continue;
    const msg = translate(lang, 'admin.crud.unknownField', { field: name });
    throw new ApiError('api.validationFailed', { msg, data: { errors: { columns: msg } } });
  }
}

interface SheetWriter {
  add(cells: string[]): Promise<void>;
  close(): Promise<void>;
}

async function csvWriter(file: string, headers: string[]): Promise<SheetWriter> {
  const stream = createWriteStream(file);
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  // A byte-order mark, so spreadsheet programs read Chinese text as UTF-8.
  await write(`\uFEFF${headers.map(csvCell).join(',')}\r\n`);
  return {
    add: (cells) => write(`${cells.map(csvCell).join(',')}\r\n`),
    close: () => new Promise((resolve, reject) => stream.end((err?: Error | null) => (err ? reject(err) : resolve()))),
  };
}

async function xlsxWriter(file: string, headers: string[], sheetName: string): Promise<SheetWriter> {
  // The streaming writer commits each row to the file: memory stays flat however many rows.
  // Loaded on first export: it is large and most requests never need it (decision 056).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = headers.map((header) => ({ header, width: Math.min(40, Math.max(10, header.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add: async (cells) => sheet.addRow(cells).commit(),
    close: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** The job: rows in pages of the list's order, each page written before the next is read. */
async function runExport(app: FastifyInstance, payload: ExportPayload): Promise<void> {
  const db = app.deps.db;
  const [job] = await db.select().from(crudExport).where(eq(crudExport.id, payload.id));
  if (!job || job.state === 'done') return;
  await db.update(crudExport).set({ state: 'running' }).where(eq(crudExport.id, job.id));
  const temp = join(tempDir(app.deps.env.dataDir), `export-${job.id}-${randomBytes(6).toString('hex')}.${job.format}`);
  try {
    const crud = app.crudRegistry.get(job.controller);
    const [owner] = await db.select().from(admin).where(and(eq(admin.id, job.adminId), eq(admin.status, 'enable')));
    if (!crud || !owner) throw new Error('table or admin gone');
    const ctx = { db, access: await loadAccess(db, owner) };
    const list = await listQuery(crud, ctx, payload.query, (key, params) => translate(payload.lang, key, params));
    await mkdir(tempDir(app.deps.env.dataDir), { recursive: true });
    const headers = payload.columns.map((c) => c.title || c.name);
    const writer = job.format === 'xlsx' ? await xlsxWriter(temp, headers, job.controller.replace(/\//g, '-')) : await csvWriter(temp, headers);
    let count = 0;
    for (let offset = 0; ; offset += BATCH) {
      const rows = await pageOfRows(crud, ctx, list, BATCH, offset);
      for (const row of rows) await writer.add(payload.columns.map((c) => cellText(crud, c, row, payload.tzOffset)));
      count += rows.length;
      if (rows.length < BATCH) break;
    }
    await writer.close();
    const key = `exports/${job.id}-${randomBytes(8).toString('hex')}.${job.format}`;
    await app.storage.adapters.local_private.put(key, temp);
    await db.update(crudExport).set({ state: 'done', rows: count, fileKey: key, finishedAt: new Date() }).where(eq(crudExport.id, job.id));
  } catch (err) {
    await db
      .update(crudExport)
      .set({ state: 'failed', error: (err instanceof Error ? err.message : String(err)).slice(0, 255), finishedAt: new Date() })
      .where(eq(crudExport.id, job.id));
    throw err;
  } finally {
    await removeQuietly(temp);
  }
}

/** `POST /admin/<controller>/export`: anyone who may list the table may export what they see. */
export function exportRoute(app: FastifyInstance, crud: ResolvedCrud) {
  adminRoute(app, { method: 'POST', path: `${crud.controller}/export`, node: `${crud.controller}/index` }, async (request, reply) => {
    const body = unflattenQuery((request.body ?? {}) as Row);
    const query = validate(indexQuery, body, request.lang);
    const spec = validate(exportBody, body, request.lang);
    checkColumns(crud, spec.columns, request.lang);
    const access = currentAccess(request);
    // Bad filters fail here, with their field message, not later in the job.
    await listQuery(crud, { db: app.deps.db, access }, query, (key, params) => request.t(key, params));
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const [row] = await app.deps.db
      .insert(crudExport)
      .values({ adminId: access.adminId, controller: crud.controller, format: spec.format, fileName: `${crud.controller.replace(/\//g, '-')}-${stamp}.${spec.format}` })
      .returning({ id: crudExport.id });
    const id = row!.id;
    const payload: ExportPayload = { id, query: { ...query, page: 1 }, columns: spec.columns, tzOffset: spec.tz_offset, lang: request.lang };
    // Queued outside a transaction, so this instance starts it at once instead of at its next poll.
    await app.jobs.enqueue(JOB, payload).catch(async (err: unknown) => {
      await app.deps.db.update(crudExport).set({ state: 'failed', finishedAt: new Date() }).where(eq(crudExport.id, id));
      throw err;
    });
    return reply.ok({ id }, 'admin.crud.exportQueued');
  });
}

async function ownExport(app: FastifyInstance, adminId: number, id: number) {
  const [row] = await app.deps.db.select().from(crudExport).where(and(eq(crudExport.id, id), eq(crudExport.adminId, adminId)));
  if (!row) throw new ApiError('admin.crud.notFound');
  return row;
}

/** The job, and the status and download routes of an admin's own exports. */
export function crudExportRoutes(app: FastifyInstance) {
  app.jobs.define<ExportPayload>(JOB, (payload) => runExport(app, payload), { maxAttempts: 1, leaseMs: 30 * 60_000 });
  // Files older than a day are deleted with their rows (export-cleanup.ts).
  exportCleanupJob(app);

  adminRoute(app, { method: 'GET', path: 'crud/export/status', node: null }, async (request, reply) => {
    const { id } = validate(idQuery, request.query, request.lang);
    const row = await ownExport(app, currentAccess(request).adminId, id);
    return reply.ok<ExportStatus>({ id: row.id, state: row.state as ExportStatus['state'], rows: row.rows, file_name: row.fileName, error: row.state === 'failed' ? request.t('admin.crud.exportFailed') : '' });
  });

  adminRoute(app, { method: 'GET', path: 'crud/export/file', node: null }, async (request, reply: FastifyReply) => {
    const { id } = validate(idQuery, request.query, request.lang);
    const row = await ownExport(app, currentAccess(request).adminId, id);
    if (row.state !== 'done') throw new ApiError('admin.crud.exportNotReady');
    const delivery = await app.storage.adapters.local_private.deliver(row.fileKey, { attname: row.fileName, deadline: Math.floor(Date.now() / 1000) + 600 });
    const info = delivery.kind === 'file' ? await stat(delivery.path).catch(() => undefined) : undefined;
    if (delivery.kind !== 'file' || !info?.isFile()) throw new ApiError('admin.crud.exportNotReady');
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', row.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', row.fileName))
      .header('content-length', info.size)
      .send(createReadStream(delivery.path));
  });
}

