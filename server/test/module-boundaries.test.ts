import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/shared/paths.ts';

// Decision 033: another module is reached only through its index.ts; the lint rule refuses the rest.
describe('module boundaries lint', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
    return result!.messages.filter((m) => m.ruleId === 'framecraft/module-boundaries').map((m) => m.message);
  };

  it('refuses a deep import into another module, from a module and from the app', async () => {
    expect(await lint('server/src/modules/member/fixture.ts', "export { currentUser } from '../session/guards.ts';\n")).toEqual([
      'Unexpected path "../session/guards.ts": import the session module through its public API, modules/session/index.ts (export what you need there).',
    ]);
    expect(await lint('server/src/fixture.ts', "export { memberRoutes } from './modules/member/routes.ts';\n")).toHaveLength(1);
    expect(await lint('server/src/modules/commerce/fixture.ts', "export { userMoneyLog } from '../ledger/tables.ts';\n")).toHaveLength(1);
  });

  it('lets a module use its own files and another module through index.ts', async () => {
    expect(await lint('server/src/modules/member/fixture.ts', "export { currentUser } from '../session/index.ts';\nexport { memberRules } from './access.ts';\n")).toEqual([]);
  });

  it('refuses the aggregate schema inside a module, also for the module\'s own tables', async () => {
    const refusal = (spec: string) =>
      `Unexpected path "${spec}": a module does not import the aggregate schema; use its own ./tables.ts, and another module's data through that module's index.ts.`;
    expect(await lint('server/src/modules/member/fixture.ts', "import { user } from '../../db/schema.ts';\nexport const table = user;\n")).toEqual([refusal('../../db/schema.ts')]);
    expect(await lint('server/src/modules/admin/auth/fixture.ts', "export { admin } from '../../../db/schema.ts';\n")).toEqual([refusal('../../../db/schema.ts')]);
    expect(await lint('server/src/modules/ledger/fixture.ts', "export * as schema from '../../db/schema';\n")).toEqual([refusal('../../db/schema')]);
    expect(await lint('server/src/modules/ledger/fixture.ts', "export const load = () => import('../../db/schema.ts');\n")).toEqual([refusal('../../db/schema.ts')]);
    // The module's own tables and db/tables.ts (the generator's infrastructure) stay allowed.
    expect(await lint('server/src/modules/ledger/fixture.ts', "export { userMoneyLog } from './tables.ts';\nexport { schemaTable } from '../../db/tables.ts';\n")).toEqual([]);
  });

  it('lets top-level wiring, tests and test kits import the aggregate schema', async () => {
    for (const file of ['server/src/seed.ts', 'server/src/cli/fixture.ts', 'server/src/ops/fixture.ts', 'server/src/db/fixture.ts', 'server/src/app.ts'])
      expect(await lint(file, "export { user } from './db/schema.ts';\n".replace('./db/', file.split('/').length > 3 ? '../db/' : './db/'))).toEqual([]);
    expect(await lint('server/src/modules/member/fixture.test.ts', "export { user } from '../../db/schema.ts';\n")).toEqual([]);
    expect(await lint('server/src/modules/commerce/test-kit.ts', "export { user } from '../../db/schema.ts';\n")).toEqual([]);
  });

  it('lets the schema and tests reach tables, and tests the test kits', async () => {
    expect(await lint('server/src/db/fixture-schema.test.ts', "export { userMoneyLog } from '../modules/ledger/tables.ts';\n")).toEqual([]);
    expect(await lint('server/src/modules/member/fixture.test.ts', "export { captchaKit } from '../captcha/test-kit.ts';\n")).toEqual([]);
    expect(await lint('server/src/modules/member/fixture.test.ts', "export { captchaFields } from '../captcha/schema.ts';\n")).toHaveLength(1);
  });
});

/** Module → the other modules its code imports (tests and test kits left out), read from the sources. */
function moduleGraph(modulesDir: string): Map<string, Set<string>> {
  const moduleOf = (file: string) => {
    const rel = relative(modulesDir, file);
    return rel.startsWith('..') ? null : rel.split(sep)[0]!;
  };
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$/.test(entry.name) ? [path] : [];
    });
  const specifiers = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  const graph = new Map<string, Set<string>>();
  for (const file of sources(modulesDir)) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const to = moduleOf(resolve(dirname(file), (match[1] ?? match[2])!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle of the graph as a path (`a → b → a`), or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return null;
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

// Decision 033: modules form a graph without cycles (Medusa's rule); a module that needs another's
// work the other way round takes it through a registry or a decorator instead.
describe('module graph', () => {
  it('has no cycle between server modules', () => {
    const graph = moduleGraph(join(repoRoot, 'server/src/modules'));
    expect(graph.get('ledger')).toContain('member-access');
    expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['b'])]]);
    expect(findCycle(graph)).toEqual(['b', 'c', 'b']);
  });
});
