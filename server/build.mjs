// Bundle the server into dist/main.js. npm dependencies stay external (node loads them from
// node_modules); the workspace package @framecraft/contracts is TypeScript source, so it is bundled.
// `node build.mjs --outfile <path>` builds elsewhere (tests use a folder under server/ so that the
// bundle still finds migrations/ and node_modules/ by walking up).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
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
console.log(`server built: ${outfile} (${Date.now() - started} ms)`);
