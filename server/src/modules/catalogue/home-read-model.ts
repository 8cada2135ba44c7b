import { randomBytes } from 'node:crypto';
import type { CatalogueHome } from '@framecraft/contracts/catalogue';
import type { Language } from '@framecraft/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery, rawRows } from '../../db/prepared.ts';
import type { ReusableAnswer } from '../../plugins/compression.ts';
import type { Json } from '../../shared/json-text.ts';
import { homeSections } from './home.ts';
import { catalogueHome, catalogueHomeVersion, notice } from './tables.ts';

/**
 * How long an item's counters (sales on the cards, the popular shelf) may lag on the home page:
 * they change with every order, so they do not mark the home answer changed (decision 062).
 */
export const HOME_COUNTERS_LAG_SECONDS = 30;

/**
 * The stored home answer of a language: its stamp, whether it is current (no change since it was
 * built) and still fresh, and its body — unless it is the one this process holds (`known` stamp).
 */
function storedStatement(db: Db) {
  return preparedQuery(db, 'catalogue.homeStored', () =>
    db
      .select({
        stamp: sql<string>`${catalogueHome.stamp}`.as('stamp'),
        body: sql<string | null>`case when ${catalogueHome.stamp} = ${sql.placeholder('known')} then null else ${catalogueHome.body} end`.as('body'),
        current: sql<boolean>`${catalogueHome.builtVersion} = ${catalogueHomeVersion.version}`.as('current'),
        fresh: sql<boolean>`${catalogueHome.freshUntil} > now()`.as('fresh'),
      })
      .from(catalogueHome)
      .innerJoin(catalogueHomeVersion, eq(catalogueHomeVersion.id, 1))
      .where(eq(catalogueHome.lang, sql.placeholder('lang'))),
  );
}

/** The next time a shown notice's window opens or closes, or null. */
const nextNoticeEdge = sql`(select min(edge) from (
    select ${notice.startTime} as edge from ${notice} where ${notice.status} = 1 and ${notice.startTime} > now()
    union all
    select ${notice.endTime} from ${notice} where ${notice.status} = 1 and ${notice.endTime} > now()) edges)`;

/**
 * Build a language's home answer and store it with the version it was read after. The version is
 * read first: a change committed meanwhile leaves the stored answer a version behind, so the next
 * request builds again — a change is never lost. An older build never replaces a newer one.
 */
async function buildAndStore(db: Db, lang: Language): Promise<StoredHome> {
  // The row is made by the migration; a restore of an older backup may have left it out.
  await db.insert(catalogueHomeVersion).values({ id: 1, version: 0 }).onConflictDoNothing();
  const [state] = await db.select({ version: catalogueHomeVersion.version }).from(catalogueHomeVersion).where(eq(catalogueHomeVersion.id, 1));
  const body = await homeSections(db, lang);
  const stamp = randomBytes(12).toString('base64url');
  const freshUntil = sql`least(now() + make_interval(secs => ${HOME_COUNTERS_LAG_SECONDS}), ${nextNoticeEdge})`;
  await db
    .insert(catalogueHome)
    .values({ lang, stamp, body, builtVersion: state!.version, freshUntil })
    .onConflictDoUpdate({
      target: catalogueHome.lang,
      // The row offered is taken as it is: the 20–30 KB body is sent once, not twice.
      set: { stamp: sql`excluded.stamp`, body: sql`excluded.body`, builtVersion: sql`excluded.built_version`, freshUntil: sql`excluded.fresh_until` },
      setWhere: sql`${catalogueHome.builtVersion} <= ${state!.version}`,
    });
  return { stamp, json: body, encoded: {} };
}

/** A home answer and the stamp it was stored under, with the compressed copies the route makes of it. */
export interface StoredHome {
  stamp: string;
  json: Json<CatalogueHome>;
  encoded: ReusableAnswer['encoded'];
}

/**
 * The home answer (decision 062): one indexed read of the stored answer, whose body is sent only
 * when this process does not hold that very build already. Built again when what it shows changed
 * (awaited: the owner sees an edit at once) or when it is no longer fresh (served as it is while
 * one build runs). One build at a time per language in this process.
 */
export class HomeReadModel {
  private readonly building = new Map<Language, Promise<StoredHome>>();
  /** The last body read or built per language, by its stamp: the database decides whether it is still the one. */
  private readonly held = new Map<Language, StoredHome>();

  constructor(
    private readonly db: Db,
    private readonly onRefreshError: (error: unknown) => void,
  ) {}

  async answer(lang: Language): Promise<StoredHome> {
    const held = this.held.get(lang);
    const [stored] = await rawRows<{ stamp: string; body: string | null; current: boolean; fresh: boolean }>(storedStatement(this.db), { lang, known: held?.stamp ?? '' });
    if (!stored?.current) return this.build(lang);
    if (!stored.fresh) this.build(lang).catch(this.onRefreshError);
    if (stored.body === null && held) return held;
    const read: StoredHome = { stamp: stored.stamp, json: stored.body as Json<CatalogueHome>, encoded: {} };
    this.held.set(lang, read);
    return read;
  }

  private build(lang: Language): Promise<StoredHome> {
    let running = this.building.get(lang);
    if (!running) {
      running = buildAndStore(this.db, lang)
        .then((built) => {
          this.held.set(lang, built);
          return built;
        })
        .finally(() => this.building.delete(lang));
      this.building.set(lang, running);
    }
    return running;
  }
}
