import { genDesignSchema, type GenDesign } from '@framecraft/contracts/crud/generator';
import { eq, like, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { adminRule } from '../admin/tables.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { bookDesign } from './test-designs.ts';

describe('code generator (issue 20)', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const out = mkdtempSync(join(tmpdir(), 'fc-gen-out-'));
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestApp({ GENERATOR_OUTPUT_DIR: out });
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(out, { recursive: true, force: true });
  });

  describe('lookups (spec §7)', () => {
    it('getTableList and getDatabaseConnectionList', async () => {
      const tables = await kit.call('GET', '/admin/ajax/getTableList', token);
      expect(tables.code).toBe(1);
      const names = tables.data.list.map((t: { table: string }) => t.table);
      expect(names).toEqual(expect.arrayContaining(['admin', 'gen_log', 'course']));
      expect(tables.data.list[0]).toEqual({ table: expect.any(String), comment: expect.any(String), connection: 'default' });
      const connections = await kit.call('GET', '/admin/ajax/getDatabaseConnectionList', token);
      expect(connections.data.list).toEqual([expect.objectContaining({ key: 'default', type: process.env.DATABASE_URL ? 'postgresql' : 'pglite' })]);
    });

    it('getTablePk and getTableFieldList (clean 1 and 0)', async () => {
      await db().execute(sql`create table legacy_note (id serial primary key, body varchar(80) not null default 'x', n integer)`);
      await db().execute(sql`comment on column legacy_note.body is 'The note'`);
      expect((await kit.call('GET', `/admin/ajax/getTablePk?${qs({ table: 'legacy_note' })}`, token)).data).toEqual({ pk: 'id' });
      expect((await kit.call('GET', `/admin/ajax/getTablePk?${qs({ table: 'legacy_note', connection: 'default' })}`, token)).data).toEqual({ pk: 'id' });
      const clean = await kit.call('GET', `/admin/ajax/getTableFieldList?${qs({ table: 'legacy_note', clean: 1 })}`, token);
      expect(clean.data).toEqual({ pk: 'id', fieldList: { id: '', body: 'The note', n: '' } });
      const full = await kit.call('GET', `/admin/ajax/getTableFieldList?${qs({ table: 'legacy_note', clean: 0 })}`, token);
      expect(full.data.fieldList.body).toMatchObject({ name: 'body', type: 'varchar', dataType: 'character varying', length: 80, nullable: false, comment: 'The note', primaryKey: false });
      expect(full.data.fieldList.n).toMatchObject({ type: 'integer', nullable: true });
      expect(full.data.fieldList.id.primaryKey).toBe(true);
      const other = await kit.call('GET', `/admin/ajax/getTablePk?${qs({ table: 'legacy_note', connection: 'mysql' })}`, token);
      expect(other.code).toBe(0);
      expect(other.msg).toBe('Unknown database connection');
    });

    it('are for super admins only', async () => {
      const editor = await kit.adminWith(['crud/generator/index']);
      expect(await kit.call('GET', '/admin/ajax/getTableList', editor.token)).toMatchObject({ code: 0, msg: 'Only a super administrator may use the code generator' });
      const nobody = await kit.adminWith(['dashboard/index']);
      expect((await kit.call('GET', '/admin/ajax/getTableFieldList?table=admin', nobody.token)).code).toBe(401);
      expect((await kit.call('POST', '/admin/crud/generator/generate', editor.token, bookDesign('nope', 'nope'))).code).toBe(401);
      const holder = await kit.adminWith(['crud/generator/generate']);
      expect((await kit.call('POST', '/admin/crud/generator/generate', holder.token, bookDesign('nope', 'nope'))).msg).toBe('Only a super administrator may use the code generator');
    });
  });

  describe('name validation', () => {
    const tryTable = async (table: string, lang = 'en', source: 'new' | 'existing' = 'new') => {
      const answer = await kit.call('POST', '/admin/crud/generator/generate', token, { ...bookDesign('placeholder', 'placeholder'), table, source }, lang);
      return { code: answer.code, error: answer.data?.errors?.table as string | undefined };
    };
    it('refuses keywords, non-identifiers, reserved and existing names with field messages in both languages', async () => {
      expect(await tryTable('select')).toEqual({ code: 0, error: 'This is an SQL keyword; choose another name' });
      expect(await tryTable('select', 'zh-cn')).toEqual({ code: 0, error: '这是 SQL 关键字，请换一个名称' });
      expect(await tryTable('1books')).toEqual({ code: 0, error: 'Use 2 to 40 lower-case letters, digits or underscores, starting with a letter' });
      expect(await tryTable('Books')).toMatchObject({ code: 0, error: expect.stringContaining('lower-case') });
      expect(await tryTable('my-books', 'zh-cn')).toMatchObject({ code: 0, error: expect.stringContaining('小写字母') });
      expect(await tryTable('admin_note')).toEqual({ code: 0, error: 'This name is reserved by the system' });
      expect(await tryTable('course')).toEqual({ code: 0, error: 'This name is reserved by the system' });
      expect(await tryTable('legacy_note')).toEqual({ code: 0, error: 'A table with this name already exists' });
      expect(await tryTable('legacy_note', 'zh-cn')).toEqual({ code: 0, error: '同名数据表已存在' });
      expect(await tryTable('no_such_table', 'en', 'existing')).toEqual({ code: 0, error: 'There is no such table' });
      const check = await kit.call('POST', '/admin/crud/generator/check', token, { table: 'order', source: 'new' });
      expect(check.data.errors.table).toBe('This is an SQL keyword; choose another name');
      expect((await kit.call('POST', '/admin/crud/generator/check', token, { table: 'fresh_books', source: 'new' })).code).toBe(1);
    });
    it('refuses field names that are keywords or the columns it adds', async () => {
      const design = bookDesign('field_check', 'field_check');
      const answer = await kit.call('POST', '/admin/crud/generator/generate', token, { ...design, fields: [{ ...design.fields[0], name: 'create_time' }, { ...design.fields[1], name: 'from' }] });
      expect(answer.data.errors).toEqual({ 'fields.0.name': 'This name is reserved by the system', 'fields.1.name': 'This is an SQL keyword; choose another name' });
    });
  });

  describe('generate → table → CRUD → reopen → delete', () => {
    const authorDesign = (): GenDesign =>
      genDesignSchema.parse({
        source: 'new',
        table: 'book_author',
        title: 'Authors',
        fields: [{ name: 'name', label: 'Name', dbType: 'varchar', length: 60, component: 'text', rules: ['required'], list: { show: true, operator: 'like', sortable: true, quickSearch: true, width: 0 } }],
      });

    it('works end to end', async () => {
      const author = await kit.call('POST', '/admin/crud/generator/generate', token, authorDesign());
      expect(author.code, author.msg).toBe(1);
      const design = bookDesign('book', 'book_author');
      const generated = await kit.call('POST', '/admin/crud/generator/generate', token, design);
      expect(generated.code, JSON.stringify(generated)).toBe(1);
      expect(generated.data.controller).toBe('gen/book');
      const migration: string = generated.data.migration;
      expect(migration).toMatch(/^\d{4}_gen_book\.sql$/);
      expect(Number(migration.slice(0, 4))).toBeGreaterThan(Number(author.data.migration.slice(0, 4)));

      // The table exists, with its comments, and its migration is recorded as applied with the file's checksum.
      const fields = await kit.call('GET', '/admin/ajax/getTableFieldList?table=book&clean=1', token);
      expect(fields.data.fieldList).toMatchObject({ id: '', title: 'Title', published: 'When it went live', create_time: '' });
      const file = join(out, 'server/migrations', migration);
      const text = readFileSync(file, 'utf8');
      const [record] = await rowsOf<{ hash: string }>(db().execute(sql`select hash from "_migrations" where name = ${migration}`));
      expect(record!.hash).toBe(createHash('sha256').update(text).digest('hex'));
      for (const path of ['packages/contracts/src/crud/gen-book.ts', 'server/src/modules/gen-book/routes.ts', 'server/src/modules/gen-book/tables.ts', 'web/src/features/admin/pages/gen/book-page.tsx']) {
        expect(existsSync(join(out, path)), path).toBe(true);
      }
      expect(readFileSync(join(out, 'web/src/features/admin/pages/registry.ts'), 'utf8')).toContain("'gen/book': lazy(() => import('./gen/book-page.tsx')),");
      expect(JSON.parse(readFileSync(join(out, 'web/src/locales/zh-cn/admin-crud.json'), 'utf8')).gen.book.fields.title).toBe('Title');
      // Menu and permission rules.
      const rules = await db().select({ name: adminRule.name, type: adminRule.type, component: adminRule.component }).from(adminRule).where(like(adminRule.name, 'gen/book%'));
      expect(rules.map((r) => r.name).sort()).toEqual(['gen/book', 'gen/book/add', 'gen/book/del', 'gen/book/edit', 'gen/book/index', 'gen/book_author', 'gen/book_author/add', 'gen/book_author/del', 'gen/book_author/edit', 'gen/book_author/index']);
      expect(rules.find((r) => r.name === 'gen/book')).toMatchObject({ type: 'menu', component: 'gen/book' });

      // The CRUD works at once: add an author and a book, list with the relation, filter by the author's name, edit, delete.
      expect((await kit.call('POST', '/admin/gen/book_author/add', token, { name: 'Ursula' })).code).toBe(1);
      const authors = await kit.call('GET', '/admin/gen/book_author/index?select=true&quickSearch=Urs', token);
      const authorId = authors.data.list[0].id;
      const added = await kit.call('POST', '/admin/gen/book/add', token, { title: 'The Dispossessed', price: 4200, state: 'live', featured: 1, published: 1_700_000_000, kind: 'ebook', author_id: authorId });
      expect(added.code, added.msg).toBe(1);
      const bad = await kit.call('POST', '/admin/gen/book/add', token, { title: '', state: 'gone' });
      expect(bad.data.errors).toMatchObject({ title: expect.any(String), state: expect.any(String) });
      const listed = await kit.call('GET', `/admin/gen/book/index?${qs({ search: [{ field: 'author_id_row.name', val: 'Urs', operator: 'LIKE' }] })}`, token);
      expect(listed.code, listed.msg).toBe(1);
      expect(listed.data.list).toEqual([expect.objectContaining({ title: 'The Dispossessed', price: 4200, state: 'live', featured: 1, published: 1_700_000_000, kind: 'ebook', author_id_row: { id: authorId, name: 'Ursula' } })]);
      const id = listed.data.list[0].id;
      expect((await kit.call('POST', '/admin/gen/book/edit', token, { id, title: 'The Dispossessed (2nd)', state: 'draft' })).code).toBe(1);
      expect((await kit.call('GET', `/admin/gen/book/edit?id=${id}`, token)).data.row).toMatchObject({ title: 'The Dispossessed (2nd)', state: 'draft', price: 4200 });
      // Permission nodes apply: an admin without gen/book/add may list but not add.
      const viewer = await kit.adminWith(['gen/book/index']);
      expect((await kit.call('GET', '/admin/gen/book/index', viewer.token)).code).toBe(1);
      expect((await kit.call('POST', '/admin/gen/book/add', viewer.token, { title: 'x' })).code).toBe(401);
      expect((await kit.call('GET', '/admin/gen/nothing/index', token)).code).toBe(0);

      // Reopen: every designer setting comes back as it was sent.
      const log = await kit.call('GET', '/admin/crud/generator/index', token);
      const row = log.data.list.find((r: { table: string }) => r.table === 'book');
      expect(row).toMatchObject({ title: 'Books', migration, created_table: 1, table_exists: true, served: true });
      const reopened = await kit.call('GET', `/admin/crud/generator/design?id=${row.id}`, token);
      expect(reopened.data.design).toEqual(design);
      // Generating again with other list and form settings (same columns) keeps the table and its rows.
      const changed = { ...design, title: 'Book list', fields: design.fields.map((f) => (f.name === 'kind' ? { ...f, label: 'Format', list: { ...f.list, operator: 'eq' as const } } : f)) };
      expect((await kit.call('POST', '/admin/crud/generator/generate', token, changed)).code).toBe(1);
      expect((await kit.call('GET', `/admin/crud/generator/design?id=${row.id}`, token)).data.design).toEqual(changed);
      expect((await kit.call('GET', `/admin/gen/book/index?${qs({ search: [{ field: 'kind', val: 'ebook', operator: '=' }] })}`, token)).data.total).toBe(1);
      const columnChange = { ...changed, fields: changed.fields.map((f) => (f.name === 'title' ? { ...f, length: 200 } : f)) };
      expect((await kit.call('POST', '/admin/crud/generator/generate', token, columnChange)).data.errors.table).toContain('new migration');

      // Delete keeping the table, then the author generation with its table dropped.
      expect((await kit.call('DELETE', `/admin/crud/generator/del?id=${row.id}&dropTable=0`, token)).code).toBe(1);
      expect((await kit.call('GET', '/admin/gen/book/index', token)).code).toBe(0);
      expect(existsSync(join(out, 'server/src/modules/gen-book/routes.ts'))).toBe(false);
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(join(out, 'web/src/features/admin/pages/registry.ts'), 'utf8')).not.toContain("'gen/book'");
      expect(JSON.parse(readFileSync(join(out, 'web/src/locales/en/admin-crud.json'), 'utf8')).gen.book).toBeUndefined();
      expect(await db().select().from(adminRule).where(like(adminRule.name, 'gen/book/%'))).toHaveLength(0);
      expect((await kit.call('GET', '/admin/ajax/getTablePk?table=book', token)).data.pk).toBe('id');

      const authorRow = (await kit.call('GET', '/admin/crud/generator/index', token)).data.list.find((r: { table: string }) => r.table === 'book_author');
      expect((await kit.call('DELETE', `/admin/crud/generator/del?id=${authorRow.id}&dropTable=1`, token)).data).toEqual({ dropped: true });
      expect((await kit.call('GET', '/admin/ajax/getTablePk?table=book_author', token)).data.pk).toBe('');
      expect(await rowsOf(db().execute(sql`select 1 from "_migrations" where name = ${author.data.migration}`))).toHaveLength(0);
      expect(await db().select().from(adminRule).where(eq(adminRule.name, 'gen/book_author'))).toHaveLength(0);
    });

    it('builds the CRUD of an existing table and serves generated tables again after a restart', async () => {
      const design = genDesignSchema.parse({
        source: 'existing',
        table: 'legacy_note',
        title: 'Notes',
        createTime: false,
        fields: [
          { name: 'body', label: 'Body', dbType: 'varchar', length: 80, component: 'text', list: { show: true, operator: 'like', sortable: false, quickSearch: true, width: 0 } },
          { name: 'n', label: 'Number', dbType: 'integer', component: 'number', nullable: true },
        ],
      });
      const answer = await kit.call('POST', '/admin/crud/generator/generate', token, design);
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.migration).toBe('');
      expect(answer.data.files.some((f: string) => f.startsWith('server/migrations'))).toBe(false);
      expect((await kit.call('POST', '/admin/gen/legacy_note/add', token, { body: 'hello', n: 3 })).code).toBe(1);
      // A second instance on the same database (a restart) serves it from the log.
      const second = await createTestApp({ GENERATOR_OUTPUT_DIR: out }, { shareWith: ctx });
      try {
        const secondKit = adminKit(second);
        const list = await secondKit.call('GET', '/admin/gen/legacy_note/index?quickSearch=hell', token);
        expect(list.code, list.msg).toBe(1);
        expect(list.data.list).toEqual([expect.objectContaining({ body: 'hello', n: 3 })]);
      } finally {
        await second.close();
      }
    });
  });
});
