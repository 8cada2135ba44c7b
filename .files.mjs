import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const p = await b.newPage();
await p.goto(process.argv[2], { waitUntil: 'networkidle' });
const list = await p.evaluate(() => performance.getEntriesByType('resource').map(e => [e.name.replace(location.origin,''), e.encodedBodySize, e.decodedBodySize]));
for (const [n, enc, dec] of list) console.log(String(enc).padStart(8), String(dec).padStart(8), n);
await b.close();
