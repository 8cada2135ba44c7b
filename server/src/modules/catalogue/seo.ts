import { HEADER, type Language } from '@framecraft/contracts/constants';
import { resolveLanguage, translate } from '@framecraft/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fullUrl } from '@framecraft/contracts/url';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PageMeta } from '../../plugins/navigation.ts';
import { catalogueType, course } from './tables.ts';
import { onSale, pick } from './service.ts';

export interface MetaContext {
  db: Db;
  lang: Language;
  siteName: string;
  /** Absolute origin of the public site, without a trailing slash. */
  origin: string;
}

const DESCRIPTION_MAX = 160;

/** Plain text of some HTML, whitespace collapsed, cut at a word boundary near `max` characters. */
export function summary(html: string, max = DESCRIPTION_MAX): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

const ID = /^[1-9]\d{0,8}$/;

/**
 * Metadata of the storefront pages search engines should know (issue 4): home, list (by type or
 * keyword), both detail layouts and VIP pricing. Other paths (and unknown or off-sale items) get
 * none: the shell stays as built, and the client shows its own page or the 404 page.
 */
export async function pageMeta(ctx: MetaContext, pathname: string, query: URLSearchParams): Promise<PageMeta | null> {
  const t = (key: string, params?: Record<string, unknown>) => translate(ctx.lang, `catalogue.seo.${key}`, { site: ctx.siteName, ...params });
  const canonical = (path: string) => `${ctx.origin}${path}`;
  if (pathname === '/') return { title: t('homeTitle'), description: t('homeDescription'), canonical: canonical('/'), type: 'website' };
  if (pathname === '/vip-pricing') return { title: t('vipTitle'), description: t('vipDescription'), canonical: canonical('/vip-pricing'), type: 'website' };
  if (pathname === '/list') return listMeta(ctx, query, t, canonical);

  const detail = /^\/(course2?)\/([^/]+)$/.exec(pathname);
  if (!detail || !ID.test(detail[2]!)) return null;
  const [item] = await ctx.db
    .select({
      id: course.id,
      kind: course.kind,
      titleZh: course.titleZh,
      titleEn: course.titleEn,
      subtitleZh: course.subtitleZh,
      subtitleEn: course.subtitleEn,
      descriptionZh: course.descriptionZh,
      descriptionEn: course.descriptionEn,
      cover: course.cover,
    })
    .from(course)
    .where(and(onSale, eq(course.id, Number(detail[2]))))
    .limit(1);
  if (!item) return null;
  const title = pick(ctx.lang, item.titleZh, item.titleEn);
  const subtitle = pick(ctx.lang, item.subtitleZh, item.subtitleEn);
  const description = summary(pick(ctx.lang, item.descriptionZh, item.descriptionEn)) || subtitle || title;
  // One address per item: the layout its kind opens in.
  const path = `/${item.kind === 'course' ? 'course' : 'course2'}/${item.id}`;
  return {
    title: t('itemTitle', { title }),
    description,
    canonical: canonical(path),
    image: item.cover ? fullUrl(item.cover, { origin: ctx.origin }) : undefined,
    type: 'product',
  };
}

async function listMeta(ctx: MetaContext, query: URLSearchParams, t: (key: string, params?: Record<string, unknown>) => string, canonical: (path: string) => string): Promise<PageMeta> {
  const description = t('listDescription');
  const typeId = query.get('type') ?? '';
  if (ID.test(typeId)) {
    const [type] = await ctx.db
      .select({ nameZh: catalogueType.nameZh, nameEn: catalogueType.nameEn })
      .from(catalogueType)
      .where(eq(catalogueType.id, Number(typeId)))
      .limit(1);
    if (type) return { title: t('listTypeTitle', { type: pick(ctx.lang, type.nameZh, type.nameEn) }), description, canonical: canonical(`/list?type=${typeId}`), type: 'website' };
  }
  const keyword = query.get('keyword')?.trim().slice(0, 50);
  // A search result page is not a page of its own: its canonical is the list.
  if (keyword) return { title: t('listKeywordTitle', { keyword }), description, canonical: canonical('/list'), type: 'website' };
  return { title: t('listTitle'), description, canonical: canonical('/list'), type: 'website' };
}

/** The public origin: the `siteUrl` setting, else the address this request came to. */
export async function publicOrigin(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const configured = (await app.siteConfig.string('siteUrl')).trim().replace(/\/+$/, '');
  return /^https?:\/\/[^/\s]+$/i.test(configured) ? configured : `${request.protocol}://${request.host}`;
}

/**
 * The navigation plugin's `pageMeta`: a browser's first request carries no `think-lang`, so the
 * language comes from Accept-Language (the app's default when it names neither language).
 */
export function shellMetaResolver(app: FastifyInstance) {
  return async (request: FastifyRequest, url: URL) => {
    const header = request.headers[HEADER.lang] ?? request.headers['accept-language']?.split(',')[0];
    const lang = resolveLanguage(header);
    const meta = await pageMeta({ db: app.deps.db, lang, siteName: await app.siteConfig.string('siteName'), origin: await publicOrigin(app, request) }, url.pathname, url.searchParams);
    return meta ? { meta, lang } : null;
  };
}
