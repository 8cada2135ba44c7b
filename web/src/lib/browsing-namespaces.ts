/**
 * Namespaces of pages that only browse (home, list, detail, content): they show no form, upload or
 * captcha, so they need no form messages of the shared pack. Every other page loads those with its
 * texts (contracts client-messages.ts), which keeps them out of the home page's first load. Read by
 * lib/i18n.ts and by the build's route preloads (web/route-preloads.ts).
 */
export const BROWSING_NAMESPACES: ReadonlySet<string> = new Set(['catalogue', 'catalogue-detail', 'catalogue-member', 'content']);
