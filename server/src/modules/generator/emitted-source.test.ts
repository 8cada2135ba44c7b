import { genDesignSchema } from '@framecraft/contracts/crud/generator';
import { ESLint } from 'eslint';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../shared/paths.ts';
import { emit } from './emit.ts';
import { bookDesign } from './test-designs.ts';
import { writeSources } from './service.ts';

/**
 * The source a generation writes must pass the project's typecheck and lint (decision 045). The
 * files are written into a temporary folder, then laid over the project as it is — the compiler
 * and ESLint read them at their real paths (app.ts, db/schema.ts, the page registry and the
 * language packs with the generator's lines) and everything else from the project.
 */
const out = mkdtempSync(join(tmpdir(), 'fc-gen-src-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Real project path → emitted text. */
function overlay(): Map<string, string> {
  return new Map(filesUnder(out).map((file) => [join(repoRoot, relative(out, file)), readFileSync(file, 'utf8')]));
}

const CONTRACTS_LINK = join(repoRoot, 'node_modules/@framecraft/contracts');
const real = (path: string) => (path.startsWith(CONTRACTS_LINK) ? join(repoRoot, 'packages/contracts', path.slice(CONTRACTS_LINK.length)) : path);

function diagnosticsOf(project: 'server' | 'web', files: Map<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(repoRoot, project, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (path) => files.get(real(path)) ?? readFile(path);
  host.fileExists = (path) => files.has(real(path)) || fileExists(path);
  // Folders that only the emitted files make (modules/gen-<table>) exist for the resolver too.
  const folders = new Set([...files.keys()].flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i).join('/')).filter(Boolean)));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (path) => folders.has(real(path)) || (directoryExists ? directoryExists(path) : ts.sys.directoryExists(path));
  host.getSourceFile = (path, language) => {
    const text = host.readFile(path);
    return text === undefined ? undefined : ts.createSourceFile(path, text, language);
  };
  const roots = [...files.keys()].filter((f) => f.startsWith(join(repoRoot, project)) && /\.tsx?$/.test(f));
  const program = ts.createProgram({ rootNames: roots, options: config.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && files.has(real(d.file.fileName)))
    .map((d) => `${relative(repoRoot, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('emitted source of the code generator', () => {
  it('passes typecheck and lint', { timeout: 1_200_000 }, async () => {
    const author = genDesignSchema.parse({
      source: 'new',
      table: 'book_author',
      title: 'Authors',
      fields: [{ name: 'name', label: 'Name', dbType: 'varchar', length: 60, component: 'text', rules: ['required'], list: { show: true, operator: 'like', sortable: true, quickSearch: true, width: 0 } }],
    });
    const book = bookDesign('book', 'book_author');
    // Every remaining component and column type, and a relation to a committed table (members).
    const extra = genDesignSchema.parse({
      source: 'new',
      table: 'gadget',
      title: "Gadget's */ list",
      fields: [
        { name: 'notes', label: 'Notes', dbType: 'text', component: 'textarea', rules: ['required'] },
        { name: 'qty', label: 'Qty', dbType: 'bigint', component: 'number', default: '5', list: { show: true, operator: 'range', sortable: true, quickSearch: false, width: 90 } },
        { name: 'ratio', label: 'Ratio', dbType: 'numeric', component: 'number', default: '1.5', nullable: true },
        { name: 'photo', label: 'Photo', dbType: 'varchar', component: 'image' },
        { name: 'manual', label: 'Manual', dbType: 'varchar', component: 'file' },
        { name: 'body', label: 'Body', dbType: 'text', component: 'richText' },
        { name: 'city', label: 'City', dbType: 'varchar', length: 100, component: 'city' },
        { name: 'icon_name', label: 'Icon', dbType: 'varchar', length: 50, component: 'icon' },
        { name: 'email', label: 'E-mail', dbType: 'varchar', component: 'text', rules: ['email'], default: "o'neil@example.com" },
        { name: 'site', label: 'Site', dbType: 'varchar', component: 'text', rules: ['url'] },
        { name: 'phone', label: 'Phone', dbType: 'varchar', length: 20, component: 'text', rules: ['mobile', 'required'] },
        { name: 'owner_id', label: 'Owner', dbType: 'integer', component: 'remoteSelect', relation: { table: 'user', labelField: 'username', controller: 'user/user', filter: true } },
        { name: 'parent_id', label: 'Parent', dbType: 'integer', component: 'remoteSelect', relation: { table: 'gadget', labelField: 'notes', controller: '', filter: false } },
        { name: 'seen', label: 'Seen', dbType: 'timestamptz', component: 'date', default: 'now' },
      ],
    });
    let number = 9001;
    for (const design of [author, book, extra]) writeSources(out, emit(design, `${number++}_gen_${design.table}.sql`));

    const files = overlay();
    expect([...files.keys()].map((f) => relative(repoRoot, f)).sort()).toEqual(
      expect.arrayContaining(['server/src/app.ts', 'server/src/db/schema.ts', 'web/src/features/admin/pages/registry.ts', 'packages/contracts/src/crud/gen-gadget.ts', 'server/src/modules/gen-gadget/routes.ts']),
    );

    expect(diagnosticsOf('server', files)).toEqual([]);
    expect(diagnosticsOf('web', files)).toEqual([]);

    const eslint = new ESLint({ cwd: repoRoot });
    const problems: string[] = [];
    for (const [path, text] of files) {
      if (!/\.tsx?$/.test(path)) continue;
      for (const result of await eslint.lintText(text, { filePath: path })) {
        for (const m of result.messages) problems.push(`${relative(repoRoot, path)}:${m.line} ${m.ruleId}: ${m.message}`);
      }
    }
    expect(problems).toEqual([]);
    // The language packs stay valid JSON with the new keys in both languages.
    for (const lang of ['en', 'zh-cn']) {
      const pack = JSON.parse(files.get(join(repoRoot, `web/src/locales/${lang}/admin-crud.json`))!) as { gen: Record<string, { fields: Record<string, string> }> };
      expect(pack.gen.gadget!.fields.notes).toBe('Notes');
    }
  });
});
