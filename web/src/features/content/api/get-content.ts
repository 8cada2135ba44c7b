import type { SiteContent } from '@framecraft/contracts/site';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** The editable texts of the site settings (product brief "Site configuration ... agreements"). */
export const CONTENT_NAMES = ['about', 'agreement', 'topupAgreement', 'userAgreement', 'privacyPolicy'] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];

/** Rich text (HTML) as the admin edited it, sanitised before display (contracts). */
export type { SiteContent };

export function contentQuery(name: ContentName) {
  return queryOptions({
    queryKey: ['content', name],
    queryFn: async () => (await request<SiteContent>({ url: '/api/index/content', params: { name } })).data,
  });
}
