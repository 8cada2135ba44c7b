import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** The editable texts of the site settings (product brief "Site configuration ... agreements"). */
export const CONTENT_NAMES = ['about', 'agreement', 'topupAgreement', 'userAgreement', 'privacyPolicy'] as const;
export type ContentName = (typeof CONTENT_NAMES)[number];

export interface SiteContent {
  title: string;
  /** Rich text (HTML) as the admin edited it; sanitised before display. */
  content: string;
}

export function contentQuery(name: ContentName) {
  return queryOptions({
    queryKey: ['content', name],
    queryFn: async () => (await request<SiteContent>({ url: '/api/index/content', params: { name } })).data,
  });
}
