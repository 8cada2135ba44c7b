// (f) Lighthouse, mobile preset (its default: emulated mid-range phone, slow 4G, 4× CPU slowdown),
// on the storefront pages a visitor lands on, served by the built server on the demo shop.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { preparedDataDir, removeDir, startServer, stopProcess } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = [
  { path: '/', label: 'storefront home /', budget: 95 },
  { path: '/list', label: 'catalogue list /list', budget: 95 },
];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

export async function lighthouseBench() {
  const dataDir = await preparedDataDir('lighthouse');
  const server = await startServer(dataDir);
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const { path, label, budget } of PAGES) {
      console.log(`· Lighthouse (mobile) on ${path}`);
      const result = await lighthouse(server.origin + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const performance = score('performance');
      rows.push({
        measure: `Lighthouse mobile performance, ${label}`,
        figure: String(performance),
        budget: `≥ ${budget}`,
        ok: performance >= budget,
        note: METRICS.map((id) => `${audits[id]?.displayValue ?? '?'}`.replace(/\s/g, ' ')).join(' · '),
      });
      rows.push({
        measure: `  accessibility / best practices / SEO`,
        figure: `${score('accessibility')}/${score('best-practices')}/${score('seo')}`,
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
