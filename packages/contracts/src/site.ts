/**
 * Answers of the site calls (decision 033): the init call `GET /api/index/index` and the editable
 * texts of `GET /api/index/content`. Type-only, so the browser pays nothing for them.
 */
import type { MemberInfo, MemberRuleNode } from './member.ts';
import type { CurrencyCode } from './money.ts';

/** The site settings a browser may see (`site` of the init call; secrets never, decision 026). */
export interface PublicSite {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  upload: { mode: string; maxSize: number; saveName: string; allowedSuffixes: string; allowedMimeTypes: string };
  headNav: unknown[];
  /** The back-office prefix (setting backendEntrance), so the web app knows where admin pages live. */
  adminPrefix: string;
  /** The shop currency (setting currency): the web formats integer cents with its symbol. */
  currency: CurrencyCode;
}

/** `GET /api/index/index` (conventions "Init calls"): `userInfo` null for a visitor. */
export interface IndexInit {
  site: PublicSite;
  openMemberCenter: boolean;
  userInfo: MemberInfo | null;
  /** The member-centre menu tree and every held node of the member's group (empty for a visitor). */
  menus: MemberRuleNode[];
  rules: MemberRuleNode[];
}

/** `GET /api/index/content?name=…`: an editable text (about, agreements, FAQ) as rich text (HTML). */
export interface SiteContent {
  title: string;
  content: string;
}
