import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, DEFAULT_ADMIN_PREFIX, QINIU, REFRESH_TOKEN_TTL_S, UPLOAD_DEFAULTS } from '@framecraft/contracts/constants';
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '@framecraft/contracts/money';
import { isValidJsonSetting, rateTiersSchema, topupPresetsSchema } from '@framecraft/contracts/member-money';
import { aboutContent } from './contents/about.ts';
import { memberFaqContent } from './contents/member-faq.ts';
import { paymentAgreementContent } from './contents/payment-agreement.ts';
import { privacyPolicyContent } from './contents/privacy-policy.ts';
import { topupAgreementContent } from './contents/topup-agreement.ts';
import { userAgreementContent } from './contents/user-agreement.ts';
import type { LocalizedContent } from './contents/types.ts';

/** One row of the `config` table as the seed writes it. Titles are English; the admin UI translates by name. */
export interface SettingDefinition {
  name: string;
  group: string;
  title: string;
  /**
   * How the value is stored and edited: `switch` is 0/1 (a switch), `select` one of `options`
   * (or several, comma-joined, when `multiple`), `rich_text_i18n` a title and HTML per language.
   * The back office follows the declaration, not the stored row's `type`.
   */
  type: 'string' | 'number' | 'switch' | 'select' | 'rich_text_i18n';
  value: unknown;
  /** Values a `select` offers (labels come from the admin language pack). */
  options?: readonly string[];
  multiple?: true;
  /**
   * A credential (secret key, password): never sent to a browser — every admin read gets a mask
   * in its place, a save that sends the mask back keeps the stored value, and the admin log masks it.
   */
  secret?: true;
  /** A JSON setting stored as text: the settings editor saves only text this accepts. */
  json?: (text: unknown) => boolean;
}

/** Rich-text pages, by the name used in `GET /api/index/content?name=`. */
export const CONTENT_PAGES = {
  about: aboutContent,
  userAgreement: userAgreementContent,
  privacyPolicy: privacyPolicyContent,
  agreement: paymentAgreementContent,
  topupAgreement: topupAgreementContent,
  memberFaq: memberFaqContent,
} as const satisfies Record<string, LocalizedContent>;
export type ContentPageName = keyof typeof CONTENT_PAGES;
export const CONTENT_PAGE_NAMES = Object.keys(CONTENT_PAGES) as [ContentPageName, ...ContentPageName[]];

/** Every setting the product reads, with the value a fresh installation starts with. */
export const SETTINGS: readonly SettingDefinition[] = [
  { name: 'siteName', group: 'basics', title: 'Site name', type: 'string', value: 'Framecraft' },
  { name: 'recordNumber', group: 'basics', title: 'Record number', type: 'string', value: '' },
  { name: 'version', group: 'basics', title: 'Version', type: 'string', value: '1.0.0' },
  { name: 'cdnUrl', group: 'basics', title: 'CDN URL', type: 'string', value: '' },
  { name: 'apiUrl', group: 'basics', title: 'API URL', type: 'string', value: '' },
  // Absolute links for search engines and sharing (canonical, Open Graph, sitemap); empty = the request's host.
  { name: 'siteUrl', group: 'basics', title: 'Public site address (https://…)', type: 'string', value: '' },
  // The shop's currency (contracts money.ts, decision 018): symbol shown by the web; amounts stay integer cents.
  { name: 'currency', group: 'basics', title: 'Shop currency', type: 'select', options: CURRENCY_CODES, value: DEFAULT_CURRENCY },
  { name: 'backendEntrance', group: 'basics', title: 'Back-office entrance', type: 'string', value: DEFAULT_ADMIN_PREFIX },
  { name: 'uploadMode', group: 'upload', title: 'Upload mode', type: 'select', options: ['local', 'qiniu'], value: UPLOAD_DEFAULTS.mode },
  { name: 'uploadMaxSize', group: 'upload', title: 'Maximum file size (bytes)', type: 'number', value: UPLOAD_DEFAULTS.maxSize },
  { name: 'uploadSaveName', group: 'upload', title: 'Saved file name', type: 'string', value: UPLOAD_DEFAULTS.saveName },
  { name: 'uploadAllowedSuffixes', group: 'upload', title: 'Allowed suffixes', type: 'string', value: UPLOAD_DEFAULTS.allowedSuffixes },
  { name: 'uploadAllowedMimeTypes', group: 'upload', title: 'Allowed MIME types', type: 'string', value: UPLOAD_DEFAULTS.allowedMimeTypes },
  { name: 'qiniuAccessKey', group: 'upload', title: 'Qiniu access key', type: 'string', value: '' },
  { name: 'qiniuSecretKey', group: 'upload', title: 'Qiniu secret key', type: 'string', value: '', secret: true },
  { name: 'qiniuBucket', group: 'upload', title: 'Qiniu bucket', type: 'string', value: '' },
  { name: 'qiniuDomain', group: 'upload', title: 'Qiniu domain', type: 'string', value: '' },
  // Paid files and lessons (decision 024): a private bucket, fetched only through signed links that redirect to its private download URL.
  { name: 'qiniuPrivateBucket', group: 'upload', title: 'Qiniu private bucket (paid files)', type: 'string', value: '' },
  { name: 'qiniuPrivateDomain', group: 'upload', title: 'Qiniu private bucket domain', type: 'string', value: '' },
  { name: 'qiniuRegion', group: 'upload', title: 'Qiniu region', type: 'select', options: QINIU.regions, value: QINIU.region },
  // Optional overrides of the region's hosts (private deployments, tests): `https://host[:port]`, comma-separated for uploads.
  { name: 'qiniuUpHost', group: 'upload', title: 'Qiniu upload hosts (override)', type: 'string', value: '' },
  { name: 'qiniuRsHost', group: 'upload', title: 'Qiniu RS host (override)', type: 'string', value: '' },
  { name: 'tokenKeepTime', group: 'security', title: 'Access token keep time (seconds)', type: 'number', value: ACCESS_TOKEN_TTL_S },
  { name: 'refreshTokenKeepTime', group: 'security', title: 'Refresh token keep time (seconds)', type: 'number', value: REFRESH_TOKEN_TTL_S },
  // Member login and registration (accounts, captcha and codes; decisions 007 and 010).
  { name: 'userLoginCaptchaSwitch', group: 'member', title: 'Click captcha on member login and registration', type: 'switch', value: 0 },
  { name: 'accountVerificationType', group: 'member', title: 'Registration verified by', type: 'select', options: ['email', 'mobile'], multiple: true, value: '' },
  // Login throttling, member and admin (decision 027): no account is ever locked; a source is.
  { name: 'userLoginFailureLimit', group: 'member', title: 'Failed logins from one IP address before that address is stopped for the account', type: 'number', value: 10 },
  { name: 'userLoginLockoutSeconds', group: 'member', title: 'How long failed logins count (seconds)', type: 'number', value: 86_400 },
  { name: 'loginCaptchaAfterFailures', group: 'member', title: 'Failed logins of an account after which its login needs the click captcha', type: 'number', value: 3 },
  // /share promises these points to the inviter (it reads the setting; 0 = no promise, no points).
  { name: 'inviteRewardScore', group: 'member', title: 'Points for the inviter per registration', type: 'number', value: 50 },
  { name: 'newMemberVipDays', group: 'member', title: 'VIP days for new members (level 1, granted at registration; 0 = off)', type: 'number', value: 0 },
  { name: 'checkInScore', group: 'member', title: 'Points per daily check-in', type: 'number', value: 5 },
  // Off until the e2e journeys solve the captcha through /__test/captchaAnswer (see the closing note).
  { name: 'adminLoginCaptchaSwitch', group: 'security', title: 'Click captcha on admin login', type: 'switch', value: 1 },
  // SMS codes: provider "log" records messages in the SMS log instead of sending (empty = log outside production).
  { name: 'smsProvider', group: 'sms', title: 'SMS provider', type: 'select', options: ['', 'aliyun', 'log'], value: '' },
  { name: 'smsAccessKeyId', group: 'sms', title: 'Access key ID', type: 'string', value: '' },
  { name: 'smsAccessKeySecret', group: 'sms', title: 'Access key secret', type: 'string', value: '', secret: true },
  { name: 'smsSignName', group: 'sms', title: 'Signature name', type: 'string', value: '' },
  { name: 'smsEndpoint', group: 'sms', title: 'API endpoint', type: 'string', value: 'dysmsapi.aliyuncs.com' },
  { name: 'smsTemplateRegister', group: 'sms', title: 'Template code: registration', type: 'string', value: '' },
  { name: 'smsTemplateLogin', group: 'sms', title: 'Template code: login', type: 'string', value: '' },
  { name: 'smsTemplateRetrievePassword', group: 'sms', title: 'Template code: password reset', type: 'string', value: '' },
  { name: 'smsTemplateChangeMobile', group: 'sms', title: 'Template code: change mobile', type: 'string', value: '' },
  { name: 'smsTemplateVerifyMobile', group: 'sms', title: 'Template code: verify mobile', type: 'string', value: '' },
  // Mail server of the settings page (its "send test mail") and of e-mail codes.
  { name: 'mailSmtpHost', group: 'mail', title: 'SMTP server', type: 'string', value: '' },
  { name: 'mailSmtpPort', group: 'mail', title: 'SMTP port', type: 'number', value: 465 },
  { name: 'mailSmtpSecure', group: 'mail', title: 'Encryption', type: 'select', options: ['ssl', 'starttls', 'none'], value: 'ssl' },
  { name: 'mailSmtpUser', group: 'mail', title: 'SMTP user', type: 'string', value: '' },
  { name: 'mailSmtpPass', group: 'mail', title: 'SMTP password', type: 'string', value: '', secret: true },
  { name: 'mailSenderAddress', group: 'mail', title: 'Sender address', type: 'string', value: '' },
  // Commerce (decisions 031, 032): order expiry, offered payment methods, the sandbox provider.
  { name: 'orderExpireMinutes', group: 'pay', title: 'Minutes an unpaid order waits before it closes', type: 'number', value: 30 },
  { name: 'payMethods', group: 'pay', title: 'Payment methods offered', type: 'select', options: ['balance', 'sandbox'], multiple: true, value: 'balance,sandbox' },
  // Signs the sandbox payment page's notifications; a fresh installation gets a random one.
  { name: 'paySandboxSecret', group: 'pay', title: 'Sandbox signing secret', type: 'string', value: randomBytes(24).toString('hex'), secret: true },
  { name: 'paySandboxInProduction', group: 'pay', title: 'Allow the sandbox payment in production', type: 'switch', value: 0 },
  // Member money (decision 038): top-up amounts in cents, bonus per preset; loyalty tiers by 12-month spend.
  { name: 'topupPresets', group: 'pay', title: 'Top-up amounts: JSON [{"amount": cents, "bonus": cents}]', type: 'string', value: '[{"amount":1000,"bonus":0},{"amount":5000,"bonus":0},{"amount":10000,"bonus":500},{"amount":50000,"bonus":3000}]', json: (text) => isValidJsonSetting(topupPresetsSchema, text) },
  { name: 'topupMinAmount', group: 'pay', title: 'Smallest custom top-up (cents)', type: 'number', value: 100 },
  { name: 'topupMaxAmount', group: 'pay', title: 'Largest custom top-up (cents)', type: 'number', value: 5_000_000 },
  { name: 'payRateTiers', group: 'pay', title: 'Loyalty rate tiers: JSON [{"min_amount": cents paid in 12 months, "rate": 0.95}] (empty = rate 1)', type: 'string', value: '[]', json: (text) => isValidJsonSetting(rateTiersSchema, text) },
  ...Object.entries(CONTENT_PAGES).map(([name, value]) => ({
    name,
    group: 'content',
    title: value.en.title,
    type: 'rich_text_i18n' as const,
    value,
  })),
];

export const SETTING_DEFAULTS: ReadonlyMap<string, unknown> = new Map(SETTINGS.map((s) => [s.name, s.value]));

/** Names of the settings declared `secret`. */
/** Each setting's declaration by name. */
export const SETTING_BY_NAME: ReadonlyMap<string, SettingDefinition> = new Map(SETTINGS.map((s) => [s.name, s]));

export const SECRET_SETTING_NAMES: ReadonlySet<string> = new Set(SETTINGS.filter((s) => s.secret).map((s) => s.name));
