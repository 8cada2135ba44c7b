// (f) Lighthouse, mobile preset (its default: emulated mid-range phone, slow 4G, 4× CPU slowdown),
// on every storefront page a visitor lands on, served by the built server on the demo shop; each
// page three times, the median performance score judged (budget ≥ 95, CLS ≤ 0.05).
// BENCH_LIGHTHOUSE_OUT=<folder> keeps every run's full report (JSON) to read the audits behind a
// score; BENCH_LIGHTHOUSE_PAGES=/,/list measures only those pages (paths, or `detail` for both details).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, preparedDataDir, removeDir, startServer, stopProcess } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CLS_BUDGET = 0.05;
const OUT_DIR = process.env.BENCH_LIGHTHOUSE_OUT;
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((path) => path.trim()).filter(Boolean);
const chosen = ({ path }) => !ONLY || ONLY.some((only) => only === path || (only === 'detail' && path.startsWith('/course')));
/** File name of a kept report: the path without slashes and ids, and the run. */
const reportName = (path, run) => `${path.replace(/\/\d+$/, '').replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;

/** The storefront pages, with a course and a material pack of the demo shop for the detail layouts. */
async function storefrontPages(origin) {
  const answer = await (await fetch(`${origin}/api/catalogue/list?limit=50`, { headers: { server: 'true', 'think-lang': 'zh-cn' } })).json();
  const course = answer.data.list.find((card) => card.kind === 'course');
  const material = answer.data.list.find((card) => card.kind === 'material');
  return [
    { path: '/', label: 'storefront home /' },
    { path: '/list', label: 'catalogue list /list' },
    { path: `/course/${course.id}`, label: 'course detail /course/{id}' },
    { path: `/course2/${material.id}`, label: 'material detail /course2/{id}' },
    { path: '/vip-pricing', label: 'VIP pricing /vip-pricing' },
    { path: '/login', label: 'login /login' },
  ];
}
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

export async function lighthouseBench() {
  const dataDir = await preparedDataDir('lighthouse');
  const server = await startServer(dataDir, {}, { timeoutMs: 120_000 });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    if (OUT_DIR) mkdirSync(OUT_DIR, { recursive: true });
    for (const { path, label } of (await storefrontPages(server.origin)).filter(chosen)) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        console.log(`· Lighthouse (mobile) on ${path}, run ${run + 1} of ${RUNS}`);
        const result = await lighthouse(server.origin + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push(result.lhr);
        if (OUT_DIR) writeFileSync(join(OUT_DIR, reportName(path, run)), JSON.stringify(result.lhr));
      }
      const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const performance = median(runs.map((lhr) => score(lhr, 'performance')));
      // The run whose score is the median speaks for the page.
      const typical = runs.find((lhr) => score(lhr, 'performance') === performance) ?? runs[0];
      const cls = median(runs.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? 1));
      rows.push({
        measure: `Lighthouse mobile performance, ${label}`,
        figure: String(performance),
        budget: '≥ 95',
        ok: performance >= 95,
        note: `runs ${runs.map((lhr) => score(lhr, 'performance')).join(', ')}; ${METRICS.map((id) => `${typical.audits[id]?.displayValue ?? '?'}`.replace(/\s/g, ' ')).join(' · ')}`,
      });
      rows.push({ measure: `  CLS (median)`, figure: cls.toFixed(3), budget: `≤ ${CLS_BUDGET}`, ok: cls <= CLS_BUDGET, note: '' });
      rows.push({
        measure: `  accessibility / best practices / SEO`,
        figure: `${score(typical, 'accessibility')}/${score(typical, 'best-practices')}/${score(typical, 'seo')}`,
        budget: '',
        note: 'informative',
      });
    }
  } finally {
    await chrome.kill();
    await stopProcess(server.child);
    await removeDir(dataDir);
  }
  return rows;
}
