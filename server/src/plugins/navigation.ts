import fastifyStatic from '@fastify/static';
import { HEADER } from '@framecraft/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface NavigationOptions {
  /** The built web app (web/dist). Missing in API-only tests: then navigations get a minimal shell. */
  webDistDir: string;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => '/' + relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** A browser navigation: a GET/HEAD without the app's `server` header that accepts HTML. */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers[HEADER.server] !== undefined) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

const FALLBACK_SHELL =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Framecraft</title></head><body><div id="app"></div></body></html>';

/**
 * One origin for pages and API (conventions): navigations get the app's HTML shell, the
 * built assets are served precompressed with long-lived cache headers, everything else is API.
 */
export const navigationPlugin = fp(async (app: FastifyInstance, options: NavigationOptions) => {
  const hasDist = existsSync(join(options.webDistDir, 'index.html'));
  const shell = hasDist ? readFileSync(join(options.webDistDir, 'index.html'), 'utf8') : FALLBACK_SHELL;
  const staticFiles = new Set(hasDist ? listFiles(options.webDistDir).filter((f) => !/\.(gz|br)$/.test(f)) : []);

  if (hasDist) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, path) {
        // Hashed file names under assets/ never change; the rest may.
        res.setHeader(
          'cache-control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!isNavigation(request) || staticFiles.has(path)) return;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(shell);
  });
});
