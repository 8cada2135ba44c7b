/**
 * Guards the business constants of spec §9 against accidental edits: each value below is
 * copied from the specification (or the conventions' reading of it), not from constants.ts.
 */
import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

const MB = 1024 * 1024;

describe('constants of spec §9', () => {
  it('languages: zh-cn default and fallback, zh-cn and English available', () => {
    expect(c.DEFAULT_LANGUAGE).toBe('zh-cn');
    expect([...c.LANGUAGES].sort()).toEqual(['en', 'zh-cn']);
  });

  it('pay_rate default 1', () => {
    expect(c.DEFAULT_PAY_RATE).toBe(1);
  });

  it('account 3–15 characters, password 6–32', () => {
    expect(c.ACCOUNT_LENGTH).toEqual({ min: 3, max: 15 });
    expect(c.PASSWORD_LENGTH).toEqual({ min: 6, max: 32 });
  });

  it('request timeout 120000 ms', () => {
    expect(c.REQUEST_TIMEOUT_MS).toBe(120_000);
  });

  it('cloud upload defaults: retries 3, 3 concurrent requests, 4 MB chunks, region z1, CDN domain, https, server check', () => {
    expect(c.CLOUD_UPLOAD).toMatchObject({
      retries: 3,
      concurrentRequests: 3,
      chunkSizeMB: 4,
      region: 'z1',
      useCdnDomain: true,
      https: true,
      checkByServer: true,
    });
  });

  it('files over 4 MB upload resumably; 100 MB flag; 50 MB hash slices', () => {
    expect(c.CLOUD_UPLOAD.resumableThresholdBytes).toBe(4 * MB);
    expect(c.CLOUD_UPLOAD.largeFileFlagBytes).toBe(100 * MB);
    expect(c.CLOUD_UPLOAD.hashSliceBytes).toBe(50 * MB);
  });

  it('host freeze 20 s, max file 10000 GB, chunk size max 1024, log report retried 3 times', () => {
    expect(c.CLOUD_UPLOAD.hostFreezeMs).toBe(20_000);
    expect(c.CLOUD_UPLOAD.maxFileBytes).toBe(10_000 * 1024 * MB);
    expect(c.CLOUD_UPLOAD.maxChunkSizeMB).toBe(1024);
    expect(c.CLOUD_UPLOAD.logReportRetries).toBe(3);
  });

  it('retry, freeze and progress-reset codes of spec §8', () => {
    expect([...c.CLOUD_UPLOAD.retryCodes].sort((a, b) => a - b)).toEqual([0, 406, 502, 503, 504, 599]);
    expect([...c.CLOUD_UPLOAD.freezeCodes].sort((a, b) => a - b)).toEqual([0, 502, 503, 504, 599]);
    expect([...c.CLOUD_UPLOAD.clearProgressCodes].sort((a, b) => a - b)).toEqual([400, 612]);
  });

  it('cloud regions z0, z1, z2, na0, as0, cn-east-2', () => {
    expect(c.CLOUD_UPLOAD.regions).toEqual(['z0', 'z1', 'z2', 'na0', 'as0', 'cn-east-2']);
  });

  it('message offset 64, overlay z-index 3000, toasts 9999', () => {
    expect(c.MESSAGE_OFFSET).toBe(64);
    expect(c.OVERLAY_Z_INDEX).toBe(3000);
    expect(c.TOAST_Z_INDEX).toBe(9999);
  });

  it('icon library: URL limit 500, rotate 750 ms, timeout 5000 ms', () => {
    expect(c.ICON_LIBRARY).toEqual({ requestUrlLimit: 500, rotateMs: 750, timeoutMs: 5000 });
  });

  it('theme default dark; terminal default pnpm with cleanup on', () => {
    expect(c.DEFAULT_THEME).toBe('dark');
    expect([...c.THEMES].sort()).toEqual(['dark', 'light']);
    expect(c.TERMINAL_DEFAULTS).toEqual({ packageManager: 'pnpm', automaticCleanupTask: '1' });
  });

  it('admin menu 260 wide, 64 collapsed; layouts Default, Classic, Streamline', () => {
    expect(c.ADMIN_MENU_WIDTH).toBe(260);
    expect(c.ADMIN_MENU_COLLAPSED_WIDTH).toBe(64);
    expect(c.ADMIN_LAYOUT_MODES).toEqual(['Default', 'Classic', 'Streamline']);
  });

  it('date format yyyy-mm-dd hh:MM:ss', () => {
    expect(c.DEFAULT_DATE_FORMAT).toBe('yyyy-mm-dd hh:MM:ss');
  });
});

describe('constants of spec §7 and the conventions', () => {
  it('headers think-lang, server, batoken, ba-user-token', () => {
    expect(c.HEADER).toEqual({ lang: 'think-lang', server: 'server', adminToken: 'batoken', userToken: 'ba-user-token' });
  });

  it('envelope codes', () => {
    expect(c.CODE).toEqual({ failure: 0, success: 1, redirect: 302, loginState: 303, noPermission: 401, tokenExpired: 409 });
  });

  it('token types and default keep times (3 days, 30 days)', () => {
    expect(c.TOKEN_TYPES).toEqual(['admin', 'admin-refresh', 'user', 'user-refresh']);
    expect(c.ACCESS_TOKEN_TTL_S).toBe(3 * 24 * 3600);
    expect(c.REFRESH_TOKEN_TTL_S).toBe(30 * 24 * 3600);
  });

  it('upload defaults: local mode, 10 MB, the documented save name and suffixes', () => {
    expect(c.UPLOAD_DEFAULTS).toMatchObject({
      mode: 'local',
      maxSize: 10 * MB,
      saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
      allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,wav,mp4,mp3',
    });
  });

  it('admin entry /admin', () => {
    expect(c.DEFAULT_ADMIN_PREFIX).toBe('/admin');
  });
});
