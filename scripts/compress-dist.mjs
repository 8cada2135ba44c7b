// Precompress the built web app: writes file.gz (Zopfli: gzip format, ~4 % smaller than zlib's
// level 9, decoded by every gzip client) and file.br (brotli quality 11) next to every text asset,
// so the server sends them without compressing per request.
// Usage: node scripts/compress-dist.mjs [dist folder]   (default: web/dist)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotliAsync = promisify(brotliCompress);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(process.argv[2] ?? join(repoRoot, 'web', 'dist'));

async function compress(file) {
  const source = await readFile(file);
  const [gz, br] = await Promise.all([
    // Zopfli's cost grows with size and iterations; the big lazy chunks get fewer.
    gzipAsync(source, { numiterations: source.length > 256 * 1024 ? 5 : 15 }),
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  // A variant that is not smaller is useless; without it the server sends the original.
  const written = [];
  if (gz.length < source.length) written.push(writeFile(`${file}.gz`, gz));
  if (br.length < source.length) written.push(writeFile(`${file}.br`, br));
  await Promise.all(written);
  return { before: source.length, gzip: Math.min(gz.length, source.length), brotli: Math.min(br.length, source.length) };
}

const started = Date.now();
if (!(await stat(distDir).catch(() => null))?.isDirectory()) {
  console.error(`compress-dist: no folder ${distDir}`);
  process.exit(1);
}
const files = (await readdir(distDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));
const results = await Promise.all(files.map(compress));
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `compress-dist: ${files.length} files, ${kb(total('before'))} → gzip ${kb(total('gzip'))}, brotli ${kb(total('brotli'))} (${Date.now() - started} ms)`,
);
