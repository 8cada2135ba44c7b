import { DEFAULT_ADMIN_PREFIX } from '@framecraft/contracts/constants';
import { and, asc, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { publicOrigin } from './seo.ts';
import { onSale } from './service.ts';
import { course } from './tables.ts';

/** Below the protocol's 50 000 URLs per file, with room for the fixed pages. */
export const SITEMAP_ITEMS_PER_FILE = 45_000;
const BATCH = 5_000;
const STATIC_PAGES = ['/', '/list', '/vip-pricing'];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const url = (loc: string) => `<url><loc>${escapeXml(loc)}</loc></url>`;
const itemPath = (row: { id: number; kind: string }) => `/${row.kind === 'course' ? 'course' : 'course2'}/${row.id}`;

async function onSaleCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(course).where(onSale);
  return row?.count ?? 0;
}

/** On-sale items of one sitemap file (by id order), read in batches so memory stays flat. */
async function* itemUrls(db: Db, origin: string, file: number): AsyncGenerator<string> {
  const [start] = await db
    .select({ id: course.id })
    .from(course)
    .where(onSale)
    .orderBy(asc(course.id))
    .offset((file - 1) * SITEMAP_ITEMS_PER_FILE)
    .limit(1);
  if (!start) return;
  let after = start.id - 1;
  let left = SITEMAP_ITEMS_PER_FILE;
  while (left > 0) {
    const rows = await db
      .select({ id: course.id, kind: course.kind })
      .from(course)
      .where(and(onSale, gt(course.id, after)))
      .orderBy(asc(course.id))
      .limit(Math.min(BATCH, left));
    if (rows.length === 0) return;
    yield rows.map((row) => url(origin + itemPath(row))).join('');
    after = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

async function* urlSet(parts: (AsyncIterable<string> | string[])[]): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  for (const part of parts) for await (const chunk of part) yield chunk;
  yield '</urlset>\n';
}

/** `GET /robots.txt` and the sitemap (issue 4): one file up to 45 000 items, else an index of files. */
export async function sitemapRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', async (request, reply) => {
    const origin = await publicOrigin(app, request);
    // A renamed back-office entrance is a secret: never name it here.
    const entrance = (await app.siteConfig.string('backendEntrance')) || DEFAULT_ADMIN_PREFIX;
    const lines = ['User-agent: *', 'Disallow: /user', 'Disallow: /api/', 'Allow: /api/catalogue/art/', 'Disallow: /pay', 'Disallow: /topup'];
    if (entrance === DEFAULT_ADMIN_PREFIX) lines.splice(1, 0, `Disallow: ${DEFAULT_ADMIN_PREFIX}`);
    lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = await publicOrigin(app, request);
    const files = Math.ceil((await onSaleCount(db)) / SITEMAP_ITEMS_PER_FILE);
    reply.type(xml).header('cache-control', 'public, max-age=3600');
    if (files <= 1) return reply.send(Readable.from(urlSet([STATIC_PAGES.map((path) => url(origin + path)), itemUrls(db, origin, 1)])));
    const entries = ['pages', ...Array.from({ length: files }, (_, i) => `items-${i + 1}`)];
    return reply.send(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        entries.map((name) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${name}.xml`)}</loc></sitemap>`).join('') +
        '</sitemapindex>\n',
    );
  });

  app.get<{ Params: { file: string } }>('/sitemap-:file(^(?:pages|items-\\d{1,4})).xml', async (request, reply) => {
    const origin = await publicOrigin(app, request);
    const { file } = request.params;
    const number = file === 'pages' ? 0 : Number(file.slice('items-'.length));
    if ((file !== 'pages' && number < 1) || number > Math.ceil((await onSaleCount(db)) / SITEMAP_ITEMS_PER_FILE)) return reply.code(404).type('text/plain').send('Not Found');
    const part = number === 0 ? STATIC_PAGES.map((path) => url(origin + path)) : itemUrls(db, origin, number);
    return reply.type(xml).header('cache-control', 'public, max-age=3600').send(Readable.from(urlSet([part])));
  });
}
