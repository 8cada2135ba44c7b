import type { Language } from '@framecraft/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery, rawRows } from '../../db/prepared.ts';
import { catalogueVersionSql, courseNotFound, viewsOf, type DetailCounters, type PublicDetail } from './detail.ts';
import { HOME_COUNTERS_LAG_SECONDS } from './home-read-model.ts';
import { onSale } from './service.ts';
import { course } from './tables.ts';

/**
 * How long the related cards of a held answer may lag their items' sales (which order them and
 * which they show): as long as the home page's (decision 062). The item's own counters are live.
 */
export const DETAIL_COUNTERS_LAG_MS = HOME_COUNTERS_LAG_SECONDS * 1000;

/** The most answer text held, over both languages: some 2 000 typical answers. */
const HELD_MAX_CHARS = 8_000_000;

/** Whether the item is on sale, its counters, and the catalogue's version: one primary-key read. */
function liveStatement(db: Db) {
  return preparedQuery(db, 'catalogue.detailLive', () =>
    db
      .select({
        views: viewsOf(course.id).as('views'),
        sales: sql<number>`${course.sales}`.as('sales'),
        version: catalogueVersionSql.as('version'),
      })
      .from(course)
      .where(and(eq(course.id, sql.placeholder('id')), onSale)),
  );
}

type Live = DetailCounters & { version: string | null };

/**
 * Detail answers held by this process with the catalogue version they were read at (decision
 * 069). A request for a held answer asks the database whether the item is on sale, its counters
 * and the version. While the version is the held answer's, that answer is served with the live
 * counters. Any change to what a detail shows bumps the version (migrations 0030, 0034), and the
 * answer is built again before it is served. After DETAIL_COUNTERS_LAG_MS the held answer is
 * served once more while one build behind it brings its related cards' sales up to date.
 */
export class HeldDetails {
  private readonly held = new Map<string, { detail: PublicDetail; freshUntil: number }>();
  private heldChars = 0;
  /** Builds under way, by item, language and the version their requests saw. */
  private readonly building = new Map<string, Promise<PublicDetail>>();

  constructor(
    private readonly db: Db,
    private readonly build: (id: number, lang: Language) => Promise<PublicDetail>,
    private readonly onRefreshError: (error: unknown) => void,
  ) {}

  async detail(id: number, lang: Language): Promise<PublicDetail> {
    const key = `${id}\n${lang}`;
    const held = this.held.get(key);
    if (!held) {
      // Nothing to check: one statement builds the answer with its counters and version. Not
      // shared: a build under way may have started before a change this request must see.
      const built = await this.build(id, lang);
      this.hold(key, built);
      return built;
    }
    const [live] = await rawRows<Live>(liveStatement(this.db), { id });
    if (!live) throw courseNotFound();
    const counters = { views: live.views, sales: live.sales };
    if (live.version !== null && held.detail.version === live.version) {
      if (held.freshUntil <= Date.now()) this.refresh(key, id, lang, live.version).catch(this.onRefreshError);
      return { ...held.detail, counters };
    }
    return { ...(await this.refresh(key, id, lang, live.version)), counters };
  }

  /**
   * One build at a time per item, language and version seen: a build started after a request saw
   * a version holds every change up to it, so requests that saw the same version may share it.
   */
  private refresh(key: string, id: number, lang: Language, seen: string | null): Promise<PublicDetail> {
    const buildKey = `${key}\n${seen}`;
    let running = this.building.get(buildKey);
    if (!running) {
      running = this.build(id, lang)
        .then((detail) => {
          this.hold(key, detail);
          return detail;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, running);
    }
    return running;
  }

  /** Keeps a build unless an answer of a later version is held; the oldest go past the size bound. */
  private hold(key: string, detail: PublicDetail): void {
    if (!detail.holdable || detail.version === null) return;
    const previous = this.held.get(key);
    if (previous?.detail.version != null && BigInt(previous.detail.version) > BigInt(detail.version)) return;
    if (previous) this.forget(key, previous.detail);
    this.held.set(key, { detail, freshUntil: Date.now() + DETAIL_COUNTERS_LAG_MS });
    this.heldChars += detail.json.length;
    for (const [oldKey, old] of this.held) {
      if (this.heldChars <= HELD_MAX_CHARS) break;
      this.forget(oldKey, old.detail);
    }
  }

  private forget(key: string, detail: PublicDetail): void {
    this.held.delete(key);
    this.heldChars -= detail.json.length;
  }
}
