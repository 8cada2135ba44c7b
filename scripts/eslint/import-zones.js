// A small ESLint rule for the one-way import flow: a relative import from a file inside `target`
// may not resolve into any of `from` (unless it is inside one of `except`, relative to `from`).
// Written here because the usual plugins pull in native resolver bindings that not every npm
// registry mirror carries, which breaks `npm ci`.
import { dirname, resolve, sep } from 'node:path';

const inside = (file, dir) => file === dir || file.startsWith(dir + sep);

export const importZones = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }] },
  create(context) {
    const root = context.cwd;
    const zones = (context.options[0]?.zones ?? []).map((zone) => ({
      target: resolve(root, zone.target),
      from: [zone.from].flat().map((dir) => resolve(root, dir)),
      except: (zone.except ?? []).flatMap((dir) => [zone.from].flat().map((from) => resolve(root, from, dir))),
      message: zone.message,
    }));
    const file = context.filename;
    const active = zones.filter((zone) => inside(file, zone.target));
    if (active.length === 0) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      for (const zone of active) {
        if (!zone.from.some((dir) => inside(target, dir))) continue;
        if (zone.except.some((dir) => inside(target, dir))) continue;
        context.report({ node: node.source, message: `Unexpected path "${spec}": ${zone.message}` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
