import { HEADER } from '@framecraft/contracts/constants';
import type { RequestContext } from '../../lib/request';
import { accessToken } from '../../lib/request/session.ts';
import { rewriteAdminUrl } from '../../lib/request/url.ts';

/**
 * The file-type icon of a stored file (spec §7 `GET …/ajax/buildSuffixSvg`): an <img> cannot send
 * headers, so the admin's copy carries `batoken` in the query; `background` colours the badge.
 * The admin path follows a renamed back-office entrance.
 */
export function suffixIconUrl(suffix: string, context: RequestContext, background?: string): string {
  const params = new URLSearchParams();
  if (context === 'admin') params.set(HEADER.adminToken, accessToken('admin'));
  params.set('suffix', suffix);
  if (background) params.set('background', background);
  params.set('server', '1');
  const path = context === 'admin' ? rewriteAdminUrl('/admin/ajax/buildSuffixSvg') : '/api/ajax/buildSuffixSvg';
  return `${path}?${params.toString()}`;
}
