#!/usr/bin/env node
// `npm run bench [-- throughput cold-start page-weight uploads storefront embedded-demo checkout orders scale-checkout lighthouse]`: prints each figure beside its budget.
// Figures are informative; nothing here is asserted by `npm test`.
import { checkoutBench } from './checkout.mjs';
import { coldStartBench } from './cold-start.mjs';
import { ensureServerBuild, ensureWebBuild } from './lib.mjs';
import { lighthouseBench } from './lighthouse.mjs';
import { ordersBench, scaleCheckoutBench } from './orders.mjs';
import { pageWeightBench } from './page-weight.mjs';
import { embeddedDemoBench, storefrontBench } from './storefront.mjs';
import { throughputBench } from './throughput.mjs';
import { uploadsBench } from './uploads.mjs';

const PARTS = {
  throughput: { title: '(a) API throughput', needsWeb: false, run: throughputBench },
  'cold-start': { title: '(b) cold start and memory', needsWeb: false, run: coldStartBench },
  'page-weight': { title: '(c) page weight before interaction', needsWeb: true, run: pageWeightBench },
  uploads: { title: '(d) 2 GB upload and download', needsWeb: false, run: uploadsBench },
  storefront: { title: '(e) storefront calls at scale, beside a bare route (cache off and on)', needsWeb: false, run: storefrontBench },
  'embedded-demo': { title: '(e1) the demo shop on the embedded database', needsWeb: false, run: embeddedDemoBench },
  // Beside the catalogue list figure: the other hot path of a shop.
  checkout: { title: '(e2) checkout: balance payments', needsWeb: false, run: checkoutBench },
  // Issue 22: the order pages and balance checkout on 1 M orders (decision 049).
  orders: { title: '(e3) order pages at scale, beside a bare route', needsWeb: false, run: ordersBench },
  'scale-checkout': { title: '(e4) balance checkout at scale, ledger verified after', needsWeb: false, run: scaleCheckoutBench },
  lighthouse: { title: '(f) Lighthouse mobile', needsWeb: true, run: lighthouseBench },
};

const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((name) => !PARTS[name]);
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
const names = chosen.length ? chosen : Object.keys(PARTS);

function printTable(sections) {
  const header = ['Measure', 'Figure', 'Budget', 'Status', 'Note'];
  const lines = [];
  for (const { title, rows, error } of sections) {
    lines.push({ title });
    if (error) lines.push(['could not run', '', '', 'ERROR', error.split('\n')[0]]);
    for (const row of rows ?? []) {
      const status = row.ok === undefined ? '' : row.ok ? 'ok' : 'OVER';
      lines.push([row.measure, row.figure, row.budget || '—', status, row.note ?? '']);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.filter(Array.isArray).map((cells) => cells[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  console.log(`\n${format(header)}\n${rule}`);
  for (const line of lines) console.log(Array.isArray(line) ? format(line) : `${line.title}`);
  console.log(rule);
}

const sections = [];
try {
  ensureServerBuild();
  if (names.some((name) => PARTS[name].needsWeb)) ensureWebBuild();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
for (const name of names) {
  const part = PARTS[name];
  console.log(`\n${part.title}`);
  try {
    sections.push({ title: part.title, rows: await part.run() });
  } catch (err) {
    console.error(err.stack ?? err);
    sections.push({ title: part.title, error: String(err.message ?? err) });
  }
}
console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}; Node ${process.version}`);
printTable(sections);
process.exit(sections.some((section) => section.error) ? 1 : 0);
