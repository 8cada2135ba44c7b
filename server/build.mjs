// Bundle the server into dist/main.js. npm dependencies stay external (node loads them from
// node_modules); the workspace package @framecraft/contracts is TypeScript source, so it is bundled.
// `node build.mjs --outfile <path>` builds elsewhere (tests use a folder under server/ so that the
// bundle still finds migrations/ and node_modules/ by walking up).
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const serverDir = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = values.outfile ? resolve(values.outfile) : join(serverDir, 'dist', 'main.js');

/** Every bare import except our own workspace packages is left to node. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@framecraft/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// ops.js beside it: `npm run backup` / `restore` / `db:move` on an install without the dev tools (decision 047).
const opsfile = join(dirname(outfile), 'ops.js');
for (const file of [outfile, `${outfile}.map`, opsfile]) rmSync(file, { force: true });
const started = Date.now();
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalDependencies],
};
await build({ ...options, entryPoints: [join(serverDir, 'src', 'main.ts')], outfile });
await build({ ...options, entryPoints: [join(serverDir, 'src', 'cli', 'ops.ts')], outfile: opsfile, sourcemap: false });

// V8 keeps a script's source in the heap for as long as the script lives, as one-byte text when all
// of it is ASCII and as two-byte text otherwise: the few non-ASCII characters esbuild leaves (in
// comments, regular expressions and tagged templates) doubled the server bundle's source in memory
// (0.84 MB of text held as 1.67 MB; decision 058). They are written as \u escapes, which mean the same
// in comments, strings, regular expressions and a template's cooked text (the server's tagged
// templates, Drizzle's `sql`, read only that); only a template's raw text (String.raw) would differ.
for (const file of [outfile, opsfile]) {
  const text = readFileSync(file, 'utf8');
  // Each UTF-16 unit on its own (no u flag): an astral character becomes its surrogate pair's escapes.
  const ascii = text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
console.log(`server built: ${outfile} (${Date.now() - started} ms)`);
