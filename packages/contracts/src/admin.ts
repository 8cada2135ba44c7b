/**
 * Answers of the back-office API (issue 14 part 4: response types live in contracts). The server
 * routes that produce them declare these types (`reply.ok<T>(…)`), and the web reads them, so the
 * two cannot drift. Field names follow the wire (snake-case where the spec's API has it).
 */
import type { MENU_TYPES, RULE_TYPES } from './crud/auth.ts';
import type { PublicSite } from './site.ts';

/** The signed-in admin as the server sends it (login, init call). `last_login_time`: unix seconds. */
export interface AdminInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  last_login_time: number | null;
  super: boolean;
}

/** `GET /admin/index/login`: whether the login form shows the click captcha. */
export interface AdminLoginOptions {
  captcha: boolean;
}

/** `POST /admin/index/login`. */
export interface AdminLoginAnswer {
  userInfo: AdminInfo & { token: string; refresh_token: string };
  routePath?: string;
}

/** One node of the admin rule tree (`GET /admin/index/index` → menus), menus, directories and buttons. */
export interface AdminMenu {
  id: number;
  pid: number;
  type: (typeof RULE_TYPES)[number];
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: (typeof MENU_TYPES)[number];
  url: string;
  component: string;
  keepalive: number;
  children?: AdminMenu[];
}

/** The terminal's server-side settings (init call, `POST /admin/ajax/changeTerminalConfig`). */
export interface AdminTerminalConfig {
  npmPackageManager: string;
  phpDevelopmentServer: boolean;
  /** Keys of the npm registries the server can switch to. */
  npmRegistries?: string[];
}

/** `GET /admin/index/index` (conventions "Init calls"). */
export interface AdminInit {
  adminInfo: AdminInfo;
  menus: AdminMenu[];
  /** `iconApiHost`: the Iconify API host(s) of the icon picker, '' = bundled sets only (decision 046). */
  siteConfig: Pick<PublicSite, 'siteName' | 'version' | 'cdnUrl' | 'apiUrl' | 'upload'> & { iconApiHost: string };
  terminal: AdminTerminalConfig;
}

/** `GET /admin/routine/adminInfo/index` → row: the admin's own profile. */
export interface AdminProfile extends AdminInfo {
  email: string;
  mobile: string;
  motto: string;
  last_login_ip: string;
}

/** `POST /admin/routine/adminInfo/edit`: a fresh token when the password changed. */
export interface AdminProfileSaved {
  token?: string;
}

export type SalesWindowName = 'today' | 'week' | 'month';
export type AttachmentKind = 'image' | 'video' | 'audio' | 'other';

/** The dashboard's sales section (decision 042); amounts in integer cents. */
export interface DashboardSales {
  windows: Record<SalesWindowName, { amount: number; orders: number; newMembers: number; members: number }>;
  chart: { days: string[]; amounts: number[]; orders: number[]; newMembers: number[] };
  top: { courseId: number; title: string; orders: number; amount: number }[];
}

/** `GET /admin/dashboard/index`. */
export interface AdminDashboard {
  members: number;
  admins: number;
  newMembersToday: number;
  memberLoginsToday: number;
  newMembers: { days: string[]; counts: number[] };
  attachments: { count: number; size: number; byKind: Partial<Record<AttachmentKind, { count: number; size: number }>> };
  sales: DashboardSales;
}

export type SettingType = 'string' | 'number' | 'switch' | 'select' | 'rich_text_i18n';

/** One setting of `GET /admin/routine/config/index`. */
export interface AdminSetting {
  name: string;
  title: string;
  type: SettingType;
  value: unknown;
  /** Stored as a secret: the value is the mask, sent back unchanged to keep it. */
  secret?: boolean;
  options?: readonly string[];
  multiple?: boolean;
  /** Pasted keys and certificates: a text area. */
  multiline?: boolean;
  /** Shown only while another setting has this value (its value is kept either way). */
  shownWhen?: { setting: string; value: string | number };
}

/** `GET /admin/routine/config/index`: the settings by group. */
export interface AdminConfigGroups {
  groups: Record<string, AdminSetting[]>;
}

/** One line of `GET /admin/routine/config/paymentStatus` → list (decision 034). */
export interface PaymentMethodStatus {
  code: string;
  name: string;
  enabled: boolean;
  available: boolean;
  /** Translated by the server, from the provider's `configurationProblems`; empty when complete. */
  problems: string[];
}

/** `GET /admin/crud/export/status`: an export job's state (decision 040). */
export interface ExportStatus {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  rows: number;
  file_name: string;
  error: string;
}

/**
 * `GET /admin/<controller>/index` (generic CRUD, spec §7 `{list, total, remark}`; decision 052).
 * The total is counted exactly up to `CRUD_LIST_COUNT_CAP` (constants, 10 000 rows). Beyond it the server stops
 * counting: `total` is the cap and `totalCapped` is true — "more than `total` records" — so a
 * list of a million orders costs the same as one of ten thousand. Pages reach `total` rows.
 */
export interface CrudListAnswer<R> {
  list: R[];
  total: number;
  /** `total` is a lower bound: more rows match than were counted. */
  totalCapped: boolean;
  remark: string;
}
