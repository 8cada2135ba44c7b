import { originOf, type CspSources } from '../../plugins/content-security.ts';
import type { SiteConfigService } from './service.ts';

/** Qiniu's upload and region-lookup hosts (qiniu-js picks among them by region). */
const QINIU_HOSTS = ['https://*.qiniup.com', 'https://*.qbox.me', 'https://*.qiniuapi.com'];

/**
 * Page sources that come from the settings (decision 029): the CDN for files and media; in Qiniu
 * mode the upload hosts (the region's, or the `qiniuUpHost` override) and the bucket's domain; the
 * icon API hosts (`iconApiHost`) when set.
 */
export async function settingsSources(settings: SiteConfigService): Promise<CspSources> {
  const files = [originOf(await settings.string('cdnUrl'))];
  const connect: (string | undefined)[] = [];
  if ((await settings.string('uploadMode')) === 'qiniu') {
    const overrides = (await settings.string('qiniuUpHost')).split(',').map(originOf);
    connect.push(...(overrides.some(Boolean) ? overrides : QINIU_HOSTS));
    const domain = originOf(await settings.string('qiniuDomain'));
    files.push(domain);
    connect.push(domain);
  }
  // The icon API hosts the back office's icon client may fetch from (decision 046).
  connect.push(...(await settings.string('iconApiHost')).split(/[\s,]+/).map(originOf));
  const list = (values: (string | undefined)[]) => values.filter((v): v is string => Boolean(v));
  return { 'img-src': list(files), 'media-src': list(files), 'connect-src': list(connect) };
}
