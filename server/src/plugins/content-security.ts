/**
 * Content-Security-Policy of the HTML pages (decision 029). Scripts run only from our origin and
 * the inline theme bootstrap of index.html, allowed by its SHA-256 — a hash, not a nonce, so the
 * precompressed shells stay byte-identical for every request. Other sources come from the settings
 * (CDN, Qiniu upload hosts and domain) and from features that register them (payment providers:
 * their pages, forms and scripts) through `app.contentSecurity.add()`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'worker-src',
  'frame-src',
  'form-action',
  'frame-ancestors',
  'base-uri',
  'object-src',
  'manifest-src',
] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];
export type CspSources = Partial<Record<CspDirective, string[]>>;

/** What the app itself needs: its own origin, data/blob images (previews, crops), inline styles (antd's CSS-in-JS). */
export const BASE_POLICY: Record<CspDirective, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'manifest-src': ["'self'"],
};

/** Browser features no page of the shop uses are switched off; payment and fullscreen stay for our origin. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self), fullscreen=(self)';

/** `'sha256-…'` of every inline `<script>` (no `src`) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** A source expression from a configured URL or host: its origin (`https://host[:port]`), or undefined. */
export function originOf(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The header value: the base policy, the shell's script hashes and every registered source, deduplicated. */
export function serialisePolicy(scriptHashes: string[], extra: CspSources[]): string {
  const merged = new Map<CspDirective, Set<string>>(CSP_DIRECTIVES.map((d) => [d, new Set(BASE_POLICY[d])]));
  for (const hash of scriptHashes) merged.get('script-src')!.add(hash);
  for (const sources of extra) {
    for (const [directive, values] of Object.entries(sources) as [CspDirective, string[]][]) {
      const set = merged.get(directive);
      // A registered source never loosens the policy with keywords; hosts and schemes only.
      if (set) for (const value of values) if (/^(https?:\/\/|wss?:\/\/)[^\s;,']+$|^(https|wss):$/.test(value)) set.add(value);
    }
  }
  return CSP_DIRECTIVES.map((d) => `${d} ${[...merged.get(d)!].join(' ')}`).join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sources features add to the pages' Content-Security-Policy (e.g. a payment provider's form target). */
    contentSecurity: { add(provider: () => Promise<CspSources> | CspSources): void; sources(): Promise<CspSources[]> };
  }
}

/** `app.contentSecurity` (registered in app.ts before the modules). */
export function decorateContentSecurity(app: FastifyInstance): void {
  const providers: (() => Promise<CspSources> | CspSources)[] = [];
  app.decorate('contentSecurity', {
    add(provider) {
      providers.push(provider);
    },
    async sources() {
      return Promise.all(providers.map((p) => p()));
    },
  });
}
