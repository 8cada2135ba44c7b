// Module boundaries on the server (decision 033): a relative import that reaches into
// `server/src/modules/<m>/` from outside that module must name `modules/<m>/index.ts`, the module's
// public API. Inside a module, imports stay relative and free. `allow` lists file names outside
// code may still reach (the schema's tables.ts, tests' tables.ts and test-kit.ts).
// `schema` names the aggregate schema (`server/src/db/schema.ts`, which re-exports every module's
// tables): a file inside a module may not import it — its own tables come from its own tables.ts,
// another module's data through that module's index.ts (decision 033, follow-up 2). Blocks without
// `schema` (tests, test kits) may.
import { basename, dirname, relative, resolve, sep } from 'node:path';

const moduleOf = (modulesDir, file) => {
  const rel = relative(modulesDir, file);
  return rel.startsWith('..') || rel === '' ? null : rel.split(sep)[0];
};

export const moduleBoundaries = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }] },
  create(context) {
    const options = context.options[0] ?? {};
    const modulesDir = resolve(context.cwd, options.modules ?? './server/src/modules');
    const allow = new Set(options.allow ?? []);
    const schema = options.schema ? resolve(context.cwd, options.schema) : null;
    const file = context.filename;
    const own = moduleOf(modulesDir, file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      if (schema !== null && own !== null && (target === schema || target === schema.replace(/\.ts$/, ''))) {
        context.report({
          node: node.source,
          message: `Unexpected path "${spec}": a module does not import the aggregate schema; use its own ./tables.ts, and another module's data through that module's index.ts.`,
        });
        return;
      }
      const other = moduleOf(modulesDir, target);
      if (other === null || other === own) return;
      if (target === resolve(modulesDir, other, 'index.ts') || allow.has(basename(target))) return;
      context.report({
        node: node.source,
        message: `Unexpected path "${spec}": import the ${other} module through its public API, modules/${other}/index.ts (export what you need there).`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
