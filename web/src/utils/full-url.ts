import { fullUrl as joinUrl } from '@framecraft/contracts/url';
import { useSiteConfig } from '../stores/site-config.ts';

/** The full URL of a stored file (spec §5) with this site's CDN setting and origin. */
export function fullUrl(path: string | null | undefined): string {
  return joinUrl(path, { cdnUrl: useSiteConfig.getState().cdnUrl, origin: window.location.origin });
}
