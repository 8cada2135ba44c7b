import { QINIU, type QiniuRegion } from '@framecraft/contracts/constants';
import type { upload } from 'qiniu-js';

type Config = NonNullable<Parameters<typeof upload>[4]>;

/** `GET …/Qiniu/getToken` for one file. */
export interface QiniuToken {
  token: string;
  domain: string;
  key: string;
  region: QiniuRegion;
  /** Upload hosts overriding the region's (private deployments, tests); empty → the region's. */
  upHosts: string[];
  protocol: 'https' | 'http';
}

/**
 * qiniu-js settings with spec §9's defaults: 3 retries, 3 parallel parts, 4 MB chunks, region z1,
 * CDN upload domain, https, server-side part check (Content-MD5). The usage log report to
 * Qiniu's own log host stays off: it sends file sizes and timings to a third party.
 */
export function qiniuConfig(token: Pick<QiniuToken, 'region' | 'upHosts' | 'protocol'>, chunkSizeMb: number = QINIU.chunkSizeMb): Config {
  const hosts = token.upHosts.length > 0 ? { uphost: token.upHosts } : { region: token.region || QINIU.region };
  return {
    ...hosts,
    useCdnDomain: true,
    upprotocol: token.protocol,
    retryCount: QINIU.retries,
    concurrentRequestLimit: QINIU.concurrency,
    chunkSize: chunkSizeMb,
    checkByServer: true,
    disableStatisticsReport: true,
  };
}
