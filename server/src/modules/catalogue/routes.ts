import { ensureDemoMedia } from './demo-media.ts';
import { catalogueListQuery, courseIdInput, memberPricesQuery, pageInput, type CatalogueListPage, type MemberPrices, type VipTierInfo } from '@framecraft/contracts/catalogue';
import { LANGUAGES } from '@framecraft/contracts/constants';
import { and, asc, desc, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nowSeconds, okEnvelopeJson } from '../../shared/envelope.ts';
import { answerEncoding, compressAnswer, COMPRESS_THRESHOLD_BYTES, type ReusableAnswer } from '../../plugins/compression.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop cached public catalogue answers on every instance (item writers call it; a broadcast, decision 021). */
    invalidateCatalogue(): void;
    /** Drop one item's cached detail (both languages) on every instance: item editors call it. */
    invalidateCatalogueItem(id: number): void;
    /** Detail views not yet written; `flush()` writes them now (tests, shutdown). */
    catalogueViews: ViewCounter;
  }
}
import { validate } from '../../shared/validation.ts';
import { currentUser, optionalUser, requireUser } from '../session/index.ts';
import { artSvg } from './art.ts';
import { detailJson, publicDetail, type PublicDetail } from './detail.ts';
import { HeldDetails } from './held-details.ts';
import { ViewCounter } from './view-counter.ts';
import { memberRateInfo, priceFor, pricingContextOf } from '../commerce/index.ts';
import { createSignedLink, isStorageName } from '../storage/index.ts';
import type { PreviewLinker } from './detail.ts';
import { noticeDetail, typeTree, vipTiers } from './home.ts';
import { HomeReadModel } from './home-read-model.ts';
import { addCollect, clearHistory, deleteHistory, listCollects, listHistory, recordHistory, removeCollect } from './member.ts';
import { listCourses, onSale, pick } from './service.ts';
import { jsonObject, toJson, type Json } from '../../shared/json-text.ts';
import { course, tag } from './tables.ts';
import { catalogueAdminRoutes } from './shop-admin.ts';
import { catalogueAdminRoutes as itemEditorRoutes } from './admin/routes.ts';

/**
 * Send a public answer. With `reuseCompressed` (the answer object outlives the request: cached,
 * or one stored home build) its compressed envelope is made at most once a second per encoding
 * — the envelope's time changes each second; otherwise the compression plugin compresses it.
 */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: ReusableAnswer, reuseCompressed: boolean) {
  reply.type('application/json; charset=utf-8');
  const encoding = reuseCompressed ? answerEncoding(request.headers) : undefined;
  if (!encoding || answer.json.length < COMPRESS_THRESHOLD_BYTES) return reply.send(okEnvelopeJson(answer.json));
  const time = nowSeconds();
  let copy = answer.encoded[encoding];
  if (copy?.time !== time) answer.encoded[encoding] = copy = { time, bytes: compressAnswer(encoding, okEnvelopeJson(answer.json, time)) };
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(copy.bytes);
}

/** Storefront catalogue: home, list, detail, filters, VIP tiers; a member's favourites and history. */
/** Not encapsulated (fastify-plugin), so `app.invalidateCatalogue()` reaches the whole app. */
export const catalogueRoutes = fp(async (app: FastifyInstance) => {
  const db = app.deps.db;
  // Detail views are written in batches, never inside the request (issue 21).
  const views = new ViewCounter(db, (error) => app.log.warn({ err: error }, 'could not write detail views; kept for the next try'));
  views.start();
  app.addHook('onClose', () => views.stop());
  app.decorate('catalogueViews', views);
  // The demo shop's lessons point at this clip; a missing copy only means no preview plays.
  await ensureDemoMedia(app.deps.env.dataDir).catch((err: unknown) => app.log.warn({ err }, 'demo preview clip not copied'));

  // Public answers are the same for everybody: reuse them for a few seconds (decision 008), with
  // their compressed copies (decision 053).
  const cache = new TtlCache<ReusableAnswer>(app.deps.env.CATALOGUE_CACHE_TTL_MS, 5_000);
  // This instance's copy is cleared synchronously, the other instances' over Redis.
  const CHANGED = 'catalogue:changed';
  await app.broadcast.subscribe(CHANGED, () => cache.clear());
  app.decorate('invalidateCatalogue', () => void app.broadcast.publish(CHANGED));
  // The part of a detail answer that is the same for everybody, per item and language; the
  // member's part (favourite, access) and the views are added per request (issue 21).
  const details = new TtlCache<PublicDetail>(app.deps.env.CATALOGUE_CACHE_TTL_MS, 2_000);
  const ITEM_CHANGED = 'catalogue:item-changed';
  await app.broadcast.subscribe(CHANGED, () => details.clear());
  await app.broadcast.subscribe(ITEM_CHANGED, (id) => {
    for (const lang of LANGUAGES) details.delete(`${Number(id)}\n${lang}`);
  });
  app.decorate('invalidateCatalogueItem', (id: number) => void app.broadcast.publish(ITEM_CHANGED, id));
  catalogueAdminRoutes(app);
  const cached = async (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<string>) => {
    const key = `${request.lang}\n${request.url}`;
    const answer = cache.get(key) ?? (await cache.remember(key, async () => ({ json: await compute(), encoded: {} })));
    return sendAnswer(request, reply, answer, cache.enabled);
  };

  // Stored by the database and built again when what it shows changes (decision 062). Its
  // compressed copies belong to one stored build, so they are reused with the cache off too.
  const home = new HomeReadModel(db, (error) => app.log.warn({ err: error }, 'could not refresh the stored home answer; serving the last one'));
  app.get('/api/catalogue/home', async (request, reply) =>
    cache.enabled ? cached(request, reply, async () => (await home.answer(request.lang)).json) : sendAnswer(request, reply, await home.answer(request.lang), true),
  );

  app.get('/api/catalogue/filters', (request, reply) =>
    cached(request, reply, async () => {
      const [types, tags] = await Promise.all([
        typeTree(db, request.lang),
        db.select().from(tag).orderBy(desc(tag.weigh), asc(tag.id)),
      ]);
      return JSON.stringify({ types, tags: tags.map((t) => ({ id: t.id, name: pick(request.lang, t.nameZh, t.nameEn) })) });
    }),
  );

  app.get('/api/catalogue/list', (request, reply) => cached(request, reply, () => listPage(request)));

  async function listPage(request: FastifyRequest): Promise<Json<CatalogueListPage>> {
    const query = validate(catalogueListQuery, request.query, request.lang);
    const result = await listCourses(db, query, query.sort, query, request.lang);
    return jsonObject<CatalogueListPage>({
      list: result.cards,
      hasMore: toJson(result.hasMore),
      page: toJson(query.page),
      limit: toJson(query.limit),
      snapshot: toJson(result.snapshot),
      next: toJson(result.next),
    });
  }

  // Not bound to a member (memberId 0): a visitor's player streams it; it only ever names a free-preview lesson.
  const previewLink: PreviewLinker = async (lesson) =>
    isStorageName(lesson.storage)
      ? (await createSignedLink(app, { memberId: 0, object: { storage: lesson.storage, key: lesson.objectKey, name: 'lesson.mp4' }, disposition: 'inline' })).url
      : null;

  // With the cache off, each process holds the answers it built, and the database says on every
  // request whether the catalogue changed since (decision 069).
  const heldDetails = new HeldDetails(
    db,
    (id, lang) => publicDetail(db, id, lang, previewLink),
    (error) => app.log.warn({ err: error }, 'could not build a detail answer again; served the held one'),
  );

  app.get('/api/catalogue/detail', { preHandler: optionalUser }, async (request, reply) => {
    const { id } = validate(courseIdInput, request.query, request.lang);
    const shared = details.enabled
      ? await details.remember(`${id}\n${request.lang}`, () => publicDetail(db, id, request.lang, previewLink))
      : await heldDetails.detail(id, request.lang);
    // A member sees their own price: VIP price or loyalty rate (commerce's one pricing function).
    const member = request.user ? { ...request.user, payRate: (await memberRateInfo(db, app.siteConfig, request.user.id)).pay_rate } : undefined;
    const answer = await detailJson(db, shared, member, views.add(id));
    return reply.type('application/json; charset=utf-8').send(okEnvelopeJson(answer));
  });

  // The list and home answers are cached for everybody (decision 043): a logged-in member's cards
  // ask for their own prices here, from the same `priceFor` as the detail page, cart and charge.
  app.get('/api/catalogue/memberPrices', { preHandler: requireUser }, async (request, reply) => {
    const { ids } = validate(memberPricesQuery, request.query, request.lang);
    const user = currentUser(request);
    const [rows, rate] = await Promise.all([
      db
        .select({ id: course.id, price: course.price, vipFreeLevel: course.vipFreeLevel, vipPrice: course.vipPrice })
        .from(course)
        .where(and(onSale, inArray(course.id, ids))),
      memberRateInfo(db, app.siteConfig, user.id),
    ]);
    const context = pricingContextOf({ ...user, payRate: rate.pay_rate });
    const answer: MemberPrices = { prices: Object.fromEntries(rows.map((row) => [String(row.id), priceFor(row, context)])) };
    return reply.header('cache-control', 'private, no-store').ok(answer);
  });

  app.get<{ Params: { seed: string } }>('/api/catalogue/art/:seed(^\\d{1,9}).svg', async (request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=31536000, immutable').send(artSvg(Number(request.params.seed))),
  );

  app.get('/api/catalogue/notice', async (request, reply) => {
    const { id } = validate(courseIdInput, request.query, request.lang);
    return reply.ok(await noticeDetail(db, id, request.lang));
  });

  app.get('/api/vip/tiers', (request, reply) => cached(request, reply, async () => jsonObject<{ list: VipTierInfo[] }>({ list: await vipTiers(db, request.lang) })));

  app.post('/api/catalogue/collect/add', { preHandler: requireUser }, async (request, reply) => {
    const { id } = validate(courseIdInput, request.body, request.lang);
    await addCollect(db, currentUser(request).id, id);
    return reply.ok({ collected: true }, 'catalogue.collected');
  });

  app.post('/api/catalogue/collect/remove', { preHandler: requireUser }, async (request, reply) => {
    const { id } = validate(courseIdInput, request.body, request.lang);
    await removeCollect(db, currentUser(request).id, id);
    return reply.ok({ collected: false }, 'catalogue.uncollected');
  });

  app.get('/api/catalogue/collect/list', { preHandler: requireUser }, async (request, reply) => {
    const { page, limit } = validate(pageInput, request.query, request.lang);
    return reply.ok(await listCollects(db, currentUser(request).id, request.lang, page, limit));
  });

  app.post('/api/catalogue/history/record', { preHandler: requireUser }, async (request, reply) => {
    const { id } = validate(courseIdInput, request.body, request.lang);
    await recordHistory(db, currentUser(request).id, id);
    return reply.ok(null);
  });

  app.get('/api/catalogue/history/list', { preHandler: requireUser }, async (request, reply) => {
    const { page, limit } = validate(pageInput, request.query, request.lang);
    return reply.ok(await listHistory(db, currentUser(request).id, request.lang, page, limit));
  });

  app.post('/api/catalogue/history/delete', { preHandler: requireUser }, async (request, reply) => {
    const { id } = validate(courseIdInput, request.body, request.lang);
    await deleteHistory(db, currentUser(request).id, id);
    return reply.ok(null, 'catalogue.historyDeleted');
  });

  app.post('/api/catalogue/history/clear', { preHandler: requireUser }, async (request, reply) => {
    await clearHistory(db, currentUser(request).id);
    return reply.ok(null, 'catalogue.historyCleared');
  });

  itemEditorRoutes(app);
}, { name: 'catalogue' });
