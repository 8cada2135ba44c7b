import { QINIU } from '@framecraft/contracts/constants';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qiniuConfig } from './config.ts';

// qiniu-js's own modules (CommonJS build, typed by its ESM build); the package entry loads first
// because its modules import each other in a cycle that only resolves from there.
const require = createRequire(import.meta.url);
require('qiniu-js');
const { FREEZE_CODE_LIST, RETRY_CODE_LIST } = require('qiniu-js/lib/upload/base') as typeof import('qiniu-js/esm/upload/base');
const { Host } = require('qiniu-js/lib/upload/hosts') as typeof import('qiniu-js/esm/upload/hosts');

/* The retry and freeze policy is qiniu-js's; these pin it to spec §8 so an upgrade cannot drift. */
describe('cloud upload policy', () => {
  afterEach(() => vi.useRealTimers());

  it('retries on 0, 502, 503, 504, 599 and 406; freezes hosts on all of them but 406', () => {
    expect([...RETRY_CODE_LIST].sort()).toEqual([...QINIU.retryCodes].sort());
    expect([...FREEZE_CODE_LIST].sort()).toEqual([...QINIU.freezeCodes].sort());
    expect(FREEZE_CODE_LIST).not.toContain(406);
  });

  it('keeps a frozen host out for 20 s', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const host = new Host('up.example.test', 'https');
    host.freeze();
    expect(host.isFrozen()).toBe(true);
    vi.setSystemTime(1_000_000 + QINIU.freezeSeconds * 1000);
    expect(host.isFrozen()).toBe(true);
    vi.setSystemTime(1_000_000 + QINIU.freezeSeconds * 1000 + 1);
    expect(host.isFrozen()).toBe(false);
  });

  it('uploads with 3 retries, 3 parallel 4 MB parts, server-side part check, region z1 unless hosts are given', () => {
    const config = qiniuConfig({ region: 'z1', upHosts: [], protocol: 'https' });
    expect(config).toMatchObject({ region: 'z1', retryCount: 3, concurrentRequestLimit: 3, chunkSize: 4, checkByServer: true, useCdnDomain: true, upprotocol: 'https' });
    expect(config.uphost).toBeUndefined();
    const local = qiniuConfig({ region: 'z1', upHosts: ['127.0.0.1:9001', '127.0.0.1:9002'], protocol: 'http' }, 8);
    expect(local).toMatchObject({ uphost: ['127.0.0.1:9001', '127.0.0.1:9002'], upprotocol: 'http', chunkSize: 8 });
    expect(local.region).toBeUndefined();
  });
});
