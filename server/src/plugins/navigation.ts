import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { HEADER } from '@framecraft/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { inlineScriptHashes, serialisePolicy, type CspSources } from './content-security.ts';

/** What a page tells search engines and link previews (title, description, Open Graph, canonical). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Absolute URL of the preview picture. */
  image?: string;
  type: 'website' | 'product';
}

export interface NavigationOptions {
  /** The built web app (web/dist). Missing in API-only tests: then navigations get a minimal shell. */
  webDistDir: string;
  /** Metadata of a page for its HTML shell; null leaves the shell as built. */
  pageMeta?: (request: FastifyRequest, url: URL) => Promise<{ meta: PageMeta; lang: string } | null>;
  /** Sources the pages' Content-Security-Policy adds to its base (settings, payment providers …). */
  contentSecurity?: () => Promise<CspSources[]>;
}

/** Documents the server answers itself even when a browser navigates to them. */
const SERVER_DOCUMENTS = /^\/(robots\.txt|sitemap(-[a-z0-9-]+)?\.xml)$/;
/** Rendered shells stay this long (an edited item shows its new title within a minute). */
const META_TTL_MS = 60_000;
const META_CACHE_MAX = 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shell with the page's title, description, canonical link, Open Graph and Twitter tags. */
export function shellWithMeta(shell: string, meta: PageMeta, lang: string): string {
  const attr = (name: string, content: string | undefined, key = 'property') => (content ? `<meta ${key}="${name}" content="${escapeHtml(content)}">` : '');
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    attr('description', meta.description, 'name'),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    attr('og:type', meta.type),
    attr('og:title', meta.title),
    attr('og:description', meta.description),
    attr('og:url', meta.canonical),
    attr('og:image', meta.image),
    attr('og:locale', lang === 'en' ? 'en_US' : 'zh_CN'),
    attr('twitter:card', meta.image ? 'summary_large_image' : 'summary', 'name'),
  ].join('');
  return shell.replace(/<html lang="[^"]*"/, `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"`).replace(/<title>[^<]*<\/title>/, head);
}

/** A browser navigation: a GET/HEAD without the app's `server` header that accepts HTML. */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers[HEADER.server] !== undefined) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * A request from a tool that says nothing about what it accepts (`curl http://host/`: no Accept,
 * or only the any-type wildcard) to a path that could be a page: GET/HEAD, no `server` header, no file
 * extension, not under `/api/`, `/assets/` or `/storage/`. It gets the page when no API route
 * answers that path (checked by the caller), so API paths keep answering JSON to curl.
 */
export function isLooseNavigation(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers[HEADER.server] !== undefined) return false;
  const accept = (request.headers.accept ?? '').trim();
  if (accept !== '' && accept !== '*/*') return false;
  const asSent = request.originalUrl.split('?')[0]!;
  return !/\./.test(asSent) && !/^\/(api|assets|storage)(\/|$)/.test(path);
}

const FALLBACK_SHELL =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Framecraft</title></head><body><div id="app"></div></body></html>';

/** Precompressed variants, best first; the build writes them next to each file. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Encodings the client accepts (`q=0` refuses one). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => '/' + relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

interface Shell {
  identity: Buffer;
  encoded: Map<string, Buffer>;
}

function loadShell(distDir: string | undefined): Shell {
  if (!distDir) return { identity: Buffer.from(FALLBACK_SHELL), encoded: new Map() };
  const index = join(distDir, 'index.html');
  const encoded = new Map<string, Buffer>();
  for (const { name, suffix } of ENCODINGS) {
    if (existsSync(index + suffix)) encoded.set(name, readFileSync(index + suffix));
  }
  return { identity: readFileSync(index), encoded };
}

/** Files under assets/ carry a content hash in their names, so they never change. */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${sep}assets${sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.html(\.gz|\.br)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * One origin for pages and API (conventions): navigations get the app's HTML shell (never
 * cached, so a new build is picked up), the built assets are served precompressed with
 * long-lived cache headers, everything else is API.
 */
export const navigationPlugin = fp(async (app: FastifyInstance, options: NavigationOptions) => {
  const hasDist = existsSync(join(options.webDistDir, 'index.html'));
  const shell = loadShell(hasDist ? options.webDistDir : undefined);
  // The inline theme script's hash: every shell variant (page metadata only) has the same scripts.
  const scriptHashes = inlineScriptHashes(shell.identity.toString('utf8'));
  const files = hasDist ? listFiles(options.webDistDir) : [];
  const staticFiles = new Set(files.filter((f) => !/\.(gz|br)$/.test(f)));
  /** Files on disk (absolute) that have a precompressed variant: their answers vary by encoding. */
  const varying = new Set(files.filter((f) => /\.(gz|br)$/.test(f)).map((f) => join(options.webDistDir, f.slice(0, -3))));

  if (hasDist) {
    const served: Omit<FastifyStaticOptions, 'root'> = {
      preCompressed: true,
      index: false,
      // Otherwise `send` overwrites ours with `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', cacheControlFor(path));
        if (varying.has(path.replace(/\.(gz|br)$/, ''))) res.setHeader('vary', 'accept-encoding');
      },
    };
    // The built chunks (hundreds, each with its .br and .gz) through one route: a Fastify route per
    // file costs ~17 KB of heap each — ~10 MB for today's build — on every server (decision 058).
    const assets = join(options.webDistDir, 'assets');
    const hasAssets = existsSync(assets);
    if (hasAssets) await app.register(fastifyStatic, { ...served, root: assets, prefix: '/assets/', wildcard: true });
    // The few files beside index.html keep a route each (a wildcard at / would answer every path).
    await app.register(fastifyStatic, { ...served, root: options.webDistDir, wildcard: false, globIgnore: ['assets/**'], decorateReply: !hasAssets });
  }

  const rendered = new Map<string, { shell: Shell; expires: number }>();
  /** The shell for this URL: with the page's metadata when it has some (cached a minute), else as built. */
  async function shellFor(request: FastifyRequest): Promise<Shell> {
    if (!options.pageMeta) return shell;
    const url = new URL(request.url, 'http://shell.invalid');
    const key = `${request.headers['accept-language'] ?? ''}|${request.headers.host ?? ''}|${url.pathname}${url.search}`;
    const cached = rendered.get(key);
    if (cached && cached.expires > Date.now()) return cached.shell;
    const found = await options.pageMeta(request, url);
    if (!found) return shell;
    const html = Buffer.from(shellWithMeta(shell.identity.toString('utf8'), found.meta, found.lang));
    const variant: Shell = {
      identity: html,
      encoded: new Map([
        ['br', brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })],
        ['gzip', gzipSync(html, { level: 6 })],
      ]),
    };
    if (rendered.size >= META_CACHE_MAX) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, { shell: variant, expires: Date.now() + META_TTL_MS });
    return variant;
  }

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await shellFor(request);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = ENCODINGS.find(({ name }) => accepted.has(name) && page.encoded.has(name))?.name;
    if (options.pageMeta) reply.header('vary', 'accept-encoding, accept-language');
    else if (page.encoded.size > 0) reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    const policy = serialisePolicy(scriptHashes, (await options.contentSecurity?.()) ?? []);
    return reply
      .header('content-security-policy', policy)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(encoding ? page.encoded.get(encoding) : page.identity);
  };

  // Callback-style, so API calls (most requests) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0]!;
    // Uploaded files (uploads module) and signed downloads (storage module) are files even when a browser navigates to them.
    const navigation = isNavigation(request) || (isLooseNavigation(request, path) && !app.findRoute({ method: 'GET', url: path }));
    if (!navigation || staticFiles.has(path) || path.startsWith('/storage/') || path.startsWith('/download/') || SERVER_DOCUMENTS.test(path)) return done();
    // The shell is the answer: the request goes no further (no done()).
    sendShell(request, reply).catch((err: unknown) => reply.send(err));
  });
});
