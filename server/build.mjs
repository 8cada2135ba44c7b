// Bundle the server into dist/: main.js (the server) and ops.js (`npm run backup` / `restore` /
// `db:move` on an install without the dev tools, decision 047), sharing chunks beside them. The npm
// packages the server loads at start are bundled too: node then reads, wraps and compiles a few
// files instead of some 600 (cold start −0.18 s, decision 061). Left to node from node_modules:
// native addons, PGlite (its WebAssembly and data files sit beside it), pg, and every SDK the server
// loads on first use (a dynamic import), so that start-up does not compile them. Drizzle's drivers
// are dynamic imports too, but bundled: they must share the bundled Drizzle core (a split chunk).
// `node build.mjs --outdir <dir>` builds elsewhere (tests use a folder under server/ so that the
// bundle still finds migrations/ and node_modules/ by walking up).
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const serverDir = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = values.outdir ? resolve(values.outdir) : join(serverDir, 'dist');

// china-area-data is read through createRequire (uploads/area.ts), which esbuild does not follow.
const LEFT_TO_NODE = new Set(['@node-rs/argon2', 'sharp', '@electric-sql/pglite', 'pg']);
const packageName = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

const nodeModulesAtStart = {
  name: 'node-modules-at-start',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@framecraft/')) return undefined;
      const name = packageName(args.path);
      const loadedOnFirstUse = args.kind === 'dynamic-import' && name !== 'drizzle-orm';
      if (LEFT_TO_NODE.has(name) || loadedOnFirstUse) return { path: args.path, external: true };
      return undefined;
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { main: join(serverDir, 'src', 'main.ts'), ops: join(serverDir, 'src', 'cli', 'ops.ts') },
  outdir,
  // Chunks beside the entries: the same folder depth, so paths found from import.meta.url still hold.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS packages require node's built-in modules; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" },
  plugins: [nodeModulesAtStart],
});

// V8 keeps a script's source in the heap for as long as the script lives, as one-byte text when all
// of it is ASCII and as two-byte text otherwise: the few non-ASCII characters esbuild leaves (in
// comments, regular expressions and tagged templates) doubled the server bundle's source in memory
// (0.84 MB of text held as 1.67 MB; decision 058). They are written as \u escapes, which mean the same
// in comments, strings, regular expressions and a template's cooked text (the server's tagged
// templates, Drizzle's `sql`, read only that); only a template's raw text (String.raw) would differ.
for (const file of readdirSync(outdir).filter((name) => name.endsWith('.js')).map((name) => join(outdir, name))) {
  const text = readFileSync(file, 'utf8');
  // Each UTF-16 unit on its own (no u flag): an astral character becomes its surrogate pair's escapes.
  const ascii = text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
console.log(`server built: ${outdir} (${Date.now() - started} ms)`);
