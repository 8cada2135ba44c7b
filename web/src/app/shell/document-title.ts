import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useSearchParams } from 'react-router';
import { usePageTitle } from '../../stores/page-title.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { handleOf } from '../route-handle.ts';

/** Spec §2 "Browser title": the page title followed by ' - ' and the site name when set. */
export function composeTitle(pageTitle: string, siteName: string): string {
  return [pageTitle, siteName].filter(Boolean).join(' - ');
}

/**
 * Page title = the `title` query parameter, else a title the page set (back-office pages, titled by
 * their menu rule; item pages by their kind), else the deepest route's translated meta title.
 */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const siteName = useSiteConfig((state) => state.siteName);

  const titleKey = [...matches].reverse().map(handleOf).find((handle) => handle.title)?.title;
  const override = usePageTitle((state) => state.title);
  const pageTitle = search.get('title') || override || (titleKey ? t(`route.${titleKey}`) : '');

  useEffect(() => {
    document.title = composeTitle(pageTitle, siteName) || 'Framecraft';
  }, [pageTitle, siteName]);
}
