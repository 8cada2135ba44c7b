// (c) JS and CSS a page loads before the first interaction, in gzip bytes. Chromium decides what
// loads (everything requested until the network is idle, in a fresh profile); each of those files
// is then fetched again: uncompressed, to count its size at standard gzip level 6 (what the budget
// is stated in), and with `Accept-Encoding: gzip` to check that the server really sends it
// gzip-compressed and how large (our precompressed Zopfli files are ~3 % smaller than level 6).
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { preparedDataDir, removeDir, startServer, stopProcess } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const PAGES = [
  { path: '/', label: 'storefront home /', jsBudgetKB: 150, lcp: true },
  { path: '/admin/login', label: 'admin login /admin/login', jsBudgetKB: 250 },
];

/**
 * Gzip size of one file as the server sends it to a client accepting only gzip. When the server
 * does not send gzip although gzip would be smaller, the file is gzipped here (level 9) so the
 * figure stays comparable, and the file is reported.
 */
function fetchGzip(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') return resolve({ status: res.statusCode, served: true, bytes: body.length });
        // A file too small to gain from gzip is rightly sent as it is.
        const gzipped = gzipSync(body, { level: 9 }).length;
        resolve({ status: res.statusCode, served: gzipped >= body.length, bytes: Math.min(gzipped, body.length) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Size of one file at standard gzip level 6, from its uncompressed bytes. */
function fetchLevel6(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'identity' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve(gzipSync(Buffer.concat(chunks), { level: 6 }).length));
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

/** Largest Contentful Paint of a fresh load, read with a buffered PerformanceObserver. */
async function largestContentfulPaint(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const kb = (bytes) => bytes / 1024;
/** Note of a row: how many files, and what Chromium itself received (it prefers brotli). */
const files = (count, browserBytes) =>
  `${count} file${count === 1 ? '' : 's'}; Chromium received ${kb(browserBytes).toFixed(1)} KB in its preferred encoding`;

export async function pageWeightBench() {
  const dataDir = await preparedDataDir('page-weight');
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const { path, label, jsBudgetKB, lcp } of PAGES) {
      console.log(`· loading ${path} in Chromium`);
      const assets = await assetsBeforeInteraction(browser, server.origin + path);
      const totals = { js: 0, css: 0, level6: { js: 0, css: 0 }, browser: { js: 0, css: 0 }, files: { js: 0, css: 0 } };
      const uncompressed = [];
      for (const asset of assets) {
        const gzip = await fetchGzip(asset.url);
        if (gzip.status !== 200) throw new Error(`${asset.url} answered ${gzip.status}`);
        if (!gzip.served) uncompressed.push(new URL(asset.url).pathname);
        const kind = asset.url.endsWith('.css') ? 'css' : 'js';
        totals[kind] += gzip.bytes;
        totals.level6[kind] += await fetchLevel6(asset.url);
        totals.files[kind] += 1;
        totals.browser[kind] += asset.transferred;
      }
      const jsKB = kb(totals.level6.js);
      rows.push({
        measure: `${label}: JS (gzip level 6)`,
        figure: `${jsKB.toFixed(1)} KB`,
        budget: `${jsBudgetKB} KB`,
        ok: jsKB <= jsBudgetKB,
        note: files(totals.files.js, totals.browser.js),
      });
      rows.push({
        measure: `${label}: JS as served (gzip, precompressed)`,
        figure: `${kb(totals.js).toFixed(1)} KB`,
        budget: '',
      });
      rows.push({
        measure: `${label}: CSS (gzip)`,
        figure: `${kb(totals.css).toFixed(1)} KB`,
        budget: '',
        note: files(totals.files.css, totals.browser.css),
      });
      if (lcp) {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await largestContentfulPaint(browser, server.origin + path));
        runs.sort((a, b) => a - b);
        rows.push({ measure: `${label}: LCP, desktop, no throttling (median)`, figure: `${Math.round(runs[1])} ms`, budget: '', note: `runs: ${runs.map(Math.round).join(', ')} ms; Lighthouse (f) gives the mobile figure` });
      }
      if (uncompressed.length) {
        rows.push({
          measure: `${label}: files not served gzip`,
          figure: `${uncompressed.length}`,
          budget: '0',
          ok: false,
          note: `gzipped by the bench instead: ${uncompressed.slice(0, 2).join(', ')}${uncompressed.length > 2 ? ', …' : ''}`,
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
