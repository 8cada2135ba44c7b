import { DEFAULT_LANGUAGE } from '@framecraft/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../shared/validation.ts';
import type { LocalizedContent } from './contents/types.ts';
import { contentQuery } from './schema.ts';
import { CONTENT_PAGES } from './settings.ts';

/**
 * Public rich-text pages (about and the four agreements) in the request's language.
 * The HTML is trusted: it is seeded, and the back office sanitises it when an admin saves it.
 */
export async function siteConfigRoutes(app: FastifyInstance) {
  app.get('/api/index/content', async (request, reply) => {
    const { name } = validate(contentQuery, request.query, request.lang);
    const stored = (await app.siteConfig.get(name)) as Partial<LocalizedContent> | undefined;
    const page = stored?.[request.lang] ?? stored?.[DEFAULT_LANGUAGE] ?? CONTENT_PAGES[name][request.lang];
    return reply.ok({ title: page.title, content: page.content });
  });
}
