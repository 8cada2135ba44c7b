/** Business constants of spec §9 and the conventions; both sides import them from here. */

export const LANGUAGES = ['zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';

/** Envelope codes (conventions "Envelope and codes"). */
export const CODE = {
  failure: 0,
  success: 1,
  redirect: 302,
  loginState: 303,
  noPermission: 401,
  tokenExpired: 409,
} as const;

export const REQUEST_TIMEOUT_MS = 120_000;

export const TOKEN_TYPES = ['admin', 'admin-refresh', 'user', 'user-refresh'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
/** Default keep times (seconds); site config may shorten them (tests use seconds). */
export const ACCESS_TOKEN_TTL_S = 259_200;
export const REFRESH_TOKEN_TTL_S = 2_592_000;

/** Header names of spec §7. */
export const HEADER = {
  lang: 'think-lang',
  server: 'server',
  adminToken: 'batoken',
  userToken: 'ba-user-token',
} as const;

export const ACCOUNT_LENGTH = { min: 3, max: 15 } as const;
export const PASSWORD_LENGTH = { min: 6, max: 32 } as const;
export const DEFAULT_PAY_RATE = 1;

/** Local-storage keys (spec §3, §9). */
export const STORAGE_KEY = {
  member: 'userInfo',
  admin: 'adminInfo',
  siteConfig: 'siteConfig',
  theme: 'theme',
  layout: 'storeConfig_v2',
  terminal: 'storeTerminal',
  language: 'ba-lang',
  memberCentreMenus: 'memberCenter',
} as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const TERMINAL_DEFAULTS = {
  packageManager: 'pnpm',
  automaticCleanupTask: '1',
} as const;

/**
 * Rows a back-office list (generic CRUD index) counts exactly; beyond them its total is "more than
 * this" (`CrudListAnswer.totalCapped`, decision 052) — the count never reads more rows than this.
 */
export const CRUD_LIST_COUNT_CAP = 10_000;
export const ADMIN_MENU_WIDTH = 260;
export const ADMIN_MENU_COLLAPSED_WIDTH = 64;
export const ADMIN_LAYOUT_MODES = ['Default', 'Classic', 'Streamline'] as const;

export const MESSAGE_OFFSET = 64;
export const OVERLAY_Z_INDEX = 3000;
export const TOAST_Z_INDEX = 9999;

export const DEFAULT_DATE_FORMAT = 'yyyy-mm-dd hh:MM:ss';

/** Cloud upload defaults (spec §9). Sizes are binary. */
export const CLOUD_UPLOAD = {
  retries: 3,
  concurrentRequests: 3,
  chunkSizeMB: 4,
  maxChunkSizeMB: 1024,
  region: 'z1',
  regions: ['z0', 'z1', 'z2', 'na0', 'as0', 'cn-east-2'],
  useCdnDomain: true,
  https: true,
  checkByServer: true,
  resumableThresholdBytes: 4 * 1024 * 1024,
  largeFileFlagBytes: 100 * 1024 * 1024,
  hashSliceBytes: 50 * 1024 * 1024,
  hostFreezeMs: 20_000,
  maxFileBytes: 10_000 * 1024 * 1024 * 1024,
  retryCodes: [0, 502, 503, 504, 599, 406],
  freezeCodes: [0, 502, 503, 504, 599],
  clearProgressCodes: [612, 400],
  logReportRetries: 3,
} as const;

export const ICON_LIBRARY = { requestUrlLimit: 500, rotateMs: 750, timeoutMs: 5000 } as const;

/** Upload defaults of the conventions. */
export const UPLOAD_DEFAULTS = {
  mode: 'local',
  maxSize: 10 * 1024 * 1024,
  saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
  allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,wav,mp4,mp3',
  allowedMimeTypes: '',
} as const;

/** An upload's `topic` (the first folder of its saved name): letters, digits, `_` or `-`, up to 20. */
export const UPLOAD_TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;

/** Qiniu direct upload (spec §8, §9): the defaults of the cloud path. */
export const QINIU = {
  regions: ['z0', 'z1', 'z2', 'na0', 'as0', 'cn-east-2'],
  region: 'z1',
  retries: 3,
  concurrency: 3,
  /** Chunk size of the resumable upload in MB; at most 1024. */
  chunkSizeMb: 4,
  maxChunkSizeMb: 1024,
  /** Files up to this size go by the form upload, larger ones by the resumable multipart upload. */
  directMaxBytes: 4 * 1024 * 1024,
  maxFileBytes: 10_000 * 1024 ** 3,
  hashSliceBytes: 50 * 1024 * 1024,
  freezeSeconds: 20,
  retryCodes: [0, 502, 503, 504, 599, 406],
  freezeCodes: [0, 502, 503, 504, 599],
  clearCacheCodes: [612, 400],
} as const;
export type QiniuRegion = (typeof QINIU.regions)[number];

/** Admin entry path prefix (site setting backendEntrance). */
export const DEFAULT_ADMIN_PREFIX = '/admin';
