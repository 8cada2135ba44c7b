// (c) JS and CSS a page loads before the first interaction, in gzip bytes. Chromium decides what
// loads (everything requested until the network is idle); each of those files is then fetched
// again with `Accept-Encoding: gzip` to count its gzip size and to check that the server really
// sends the precompressed file.
import { request } from 'node:http';
import { chromium } from 'playwright-core';
import { preparedDataDir, removeDir, startServer, stopProcess } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const PAGES = [
  { path: '/', label: 'storefront home /', jsBudgetKB: 150 },
  { path: '/admin/login', label: 'admin login /admin/login', jsBudgetKB: 250 },
];

/** Bytes on the wire of one GET with the given Accept-Encoding, and the encoding the server chose. */
function fetchEncoded(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Same-origin .js / .css files the page requested before the network went idle. */
async function assetsBeforeInteraction(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    return await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).origin === location.origin)
        .map((entry) => ({ url: entry.name, transferred: entry.encodedBodySize }))
        .filter((entry) => /\.(m?js|css)$/.test(new URL(entry.url).pathname)),
    );
  } finally {
    await context.close();
  }
}

const kb = (bytes) => bytes / 1024;

export async function pageWeightBench() {
  const dataDir = await preparedDataDir('page-weight');
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const { path, label, jsBudgetKB } of PAGES) {
      console.log(`· loading ${path} in Chromium`);
      const assets = await assetsBeforeInteraction(browser, server.origin + path);
      const totals = { js: 0, css: 0, browser: 0, files: { js: 0, css: 0 } };
      const uncompressed = [];
      for (const asset of assets) {
        const gzip = await fetchEncoded(asset.url, 'gzip');
        if (gzip.status !== 200) throw new Error(`${asset.url} answered ${gzip.status}`);
        if (gzip.encoding !== 'gzip') uncompressed.push(new URL(asset.url).pathname);
        const kind = asset.url.endsWith('.css') ? 'css' : 'js';
        totals[kind] += gzip.bytes;
        totals.files[kind] += 1;
        totals.browser += asset.transferred;
      }
      const jsKB = kb(totals.js);
      rows.push({
        measure: `${label}: JS (gzip)`,
        figure: `${jsKB.toFixed(1)} KB`,
        budget: `${jsBudgetKB} KB`,
        ok: jsKB <= jsBudgetKB,
        note: `${totals.files.js} files`,
      });
      rows.push({
        measure: `${label}: CSS (gzip)`,
        figure: `${kb(totals.css).toFixed(1)} KB`,
        budget: '',
        note: `${totals.files.css} files; browser received ${kb(totals.browser).toFixed(1)} KB JS+CSS (its own encoding)`,
      });
      if (uncompressed.length) {
        rows.push({
          measure: `${label}: not served gzip`,
          figure: `${uncompressed.length} files`,
          budget: '0',
          ok: false,
          note: uncompressed.slice(0, 3).join(', '),
        });
      }
    }
  } finally {
    await browser.close();
    await stopProcess(server.child);
    removeDir(dataDir);
  }
  return rows;
}
