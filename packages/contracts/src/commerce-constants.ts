/**
 * Commerce constants and answer types without zod, so the web app can import them without the
 * validation library. `commerce.ts` re-exports them with the input schemas (decisions 031, 032).
 * Field names on the wire are snake_case (the commerce calls of the conventions); money is integer
 * cents; times are Unix seconds.
 */

export const ORDER_KINDS = ['course', 'vip', 'topup'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** unpaid → paid → refunded; unpaid → closed (cancelled or expired). */
export const ORDER_STATES = ['unpaid', 'paid', 'closed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Why a line costs what it costs (the pricing function's answer). */
export const PRICE_REASONS = ['list', 'vip_price', 'vip_free', 'free', 'loyalty_rate', 'coupon'] as const;
export type PriceReason = (typeof PRICE_REASONS)[number];

/** Payment methods the server knows; which are offered comes from the settings (`GET /api/pay/methods`). */
export const PAY_METHODS = ['balance', 'sandbox', 'alipay', 'wechat', 'stripe'] as const;
export type PayMethodCode = (typeof PAY_METHODS)[number];
/** The payer's device as the checkout reports it (`POST /api/pay/submit` `device`). */
export const PAY_DEVICES = ['desktop', 'mobile'] as const;
export type PayDevice = (typeof PAY_DEVICES)[number];

/** Why a cart line (or an item) cannot be bought. */
export const UNAVAILABLE_REASONS = ['owned', 'vip_covered', 'free', 'off_sale'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** How a member reaches an item: a paid order, their VIP level, or the item is free; 'none' = buy it. */
export const ACCESS_KINDS = ['owned', 'vip', 'free', 'none'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** Pay log rows: what happened. */
/** `query`: the server asked the provider (reconciliation: member returned, periodic job, admin). */
export const PAY_LOG_KINDS = ['payment', 'notify', 'refund', 'query'] as const;
export type PayLogKind = (typeof PAY_LOG_KINDS)[number];
/**
 * Outcome of a pay log row: accepted and applied, refused (bad signature, amount…), a replay,
 * failed/cancelled by the payer, pending; `late_paid` = verified money for an order that could not
 * take it (closed and no longer deliverable, or paid otherwise), refunded automatically or flagged
 * (decision 036); `ignored` = a verified event that changes nothing (e.g. an event type we do not act on).
 */
export const PAY_LOG_STATES = ['succeeded', 'refused', 'duplicate', 'failed', 'cancelled', 'pending', 'late_paid', 'ignored'] as const;
export type PayLogState = (typeof PAY_LOG_STATES)[number];

/** Default minutes an unpaid order waits before it closes (setting `order_expire_minutes`). */
export const ORDER_EXPIRE_MINUTES = 30;
export const CART_MAX_LINES = 100;
export const ORDER_MAX_ITEMS = 50;
/** Largest amount one order may carry, in cents (¥1,000,000.00). */
export const MAX_ORDER_AMOUNT = 100_000_000;
export const COMMERCE_LIST_LIMIT = { default: 10, max: 50 } as const;
/** An order number: yyyymmdd + 10 random digits. */
export const ORDER_NO_PATTERN = /^\d{8}\d{10}$/;

// ── Answers (the `data` of the envelope) ──────────────────────────────────────────────────────

/** An item as commerce shows it (title in the request's language). */
export interface CommerceItem {
  id: number;
  kind: 'material' | 'course';
  title: string;
  cover: string;
}

/** One line of `GET /api/cart/list`, priced now for this member. */
export interface CartLine {
  /** Cart line id (what `POST /api/cart/remove {ids}` takes). */
  id: number;
  item_id: number;
  item: CommerceItem;
  /** What the member would pay now, cents. */
  price: number;
  list_price: number;
  reason: PriceReason;
  /** null = can be bought; otherwise why not (the line stays until removed). */
  unavailable: UnavailableReason | null;
  create_time: number;
}

/** `GET /api/cart/list`. */
export interface CartList {
  list: CartLine[];
  /** Lines in the cart (the header badge). */
  count: number;
  /** Sum of the buyable lines' prices, cents. */
  total: number;
}

/** `GET /api/cart/count`, `POST /api/cart/add`, `POST /api/cart/remove`. */
export interface CartCount {
  count: number;
}

export interface OrderLine {
  id: number;
  item_id: number | null;
  title: string;
  cover: string;
  /** The item's list price when ordered, cents. */
  list_price: number;
  /** Charged, cents. */
  price: number;
  reason: PriceReason;
}

/** An order as the member sees it (`POST /api/order/create`, `GET /api/order/detail`, list rows). */
export interface Order {
  order_no: string;
  kind: OrderKind;
  /** An unpaid order past `expire_time` answers `closed` even before the sweeper ran. */
  state: OrderState;
  amount: number;
  /** Cents a coupon took off the lines' total (amount = lines − discount); 0 = none. */
  discount: number;
  /** The member's coupon the order holds or used; null = none. */
  coupon_id: number | null;
  currency: string;
  /** Refunded so far (partial refunds keep the state `paid`), cents. */
  refunded_amount: number;
  pay_method: PayMethodCode | null;
  create_time: number;
  expire_time: number;
  pay_time: number | null;
  close_time: number | null;
  /** Seconds left to pay (0 when not unpaid). */
  expires_in: number;
  lines: OrderLine[];
}

/** `GET /api/order/list`. */
export interface OrderPage {
  list: Order[];
  total: number;
  page: number;
  limit: number;
}

export interface PayMethod {
  code: PayMethodCode;
  /** In the request's language. */
  name: string;
}

/** `GET /api/pay/methods`. */
export interface PayMethods {
  list: PayMethod[];
  /** The member's balance, cents (for the balance method). */
  balance: number;
  currency: string;
}

/** What the browser must do after `POST /api/pay/submit`. */
export type PayAction =
  | { type: 'none' }
  | { type: 'redirect'; url: string }
  | { type: 'qrcode'; code_url: string }
  | { type: 'client_secret'; client_secret: string; publishable_key: string }
  /** The local sandbox payment page (`/pay/sandbox?…`); it POSTs its result to `/api/pay/notify/sandbox`. */
  | { type: 'sandbox'; url: string };

/** `POST /api/pay/query` (member) and `POST /admin/shop/order/query` (back office). */
export interface PayQueryAnswer {
  order_no: string;
  /** The order's state after the query (paid when the provider's answer settled it). */
  state: OrderState;
  /** What the provider said: paid, not paid (yet), or no answer (no query for this method, unreachable). */
  provider: 'paid' | 'unpaid' | 'unknown';
  /** This query settled the order (false when it was already paid or the provider says unpaid). */
  settled: boolean;
}

/** `POST /api/pay/submit`. */
export interface PaySubmitAnswer {
  order_no: string;
  state: OrderState;
  action: PayAction;
}

/** The sandbox page's form (fields of the page URL plus `result`), POSTed to `/api/pay/notify/sandbox`. */
export interface SandboxNotification {
  order_no: string;
  trade_no: string;
  amount: string;
  currency: string;
  expire: string;
  sign: string;
  result: 'paid' | 'failed' | 'cancelled';
}

/** A row of `GET /api/pay/log`. */
export interface PayLogEntry {
  id: number;
  order_no: string;
  method: PayMethodCode | string;
  kind: PayLogKind;
  state: PayLogState;
  amount: number;
  currency: string;
  trade_no: string;
  create_time: number;
}

export interface PayLogPage {
  list: PayLogEntry[];
  total: number;
  page: number;
  limit: number;
}

export interface PurchaseFile {
  id: number;
  name: string;
  size: number;
  format: string;
}

export interface PurchaseLesson {
  id: number;
  chapter: string;
  title: string;
  duration: number;
}

/** A row of `GET /api/purchase/list`. */
export interface Purchase {
  item: CommerceItem;
  access: Exclude<AccessKind, 'none'>;
  order_no: string | null;
  purchase_time: number;
  files: PurchaseFile[];
  lessons: PurchaseLesson[];
}

export interface PurchasePage {
  list: Purchase[];
  total: number;
  page: number;
  limit: number;
}

/** `POST /api/purchase/link`. */
export interface PurchaseLink {
  url: string;
  expire_time: number;
}

// ── Admin (shop/order, shop/payLog, shop/cart) ────────────────────────────────────────────────

/** A pay log row as the back office sees it (raw body and verification outcome included). */
export interface AdminPayLogEntry extends PayLogEntry {
  user_id: number | null;
  note: string;
  raw: string;
  ip: string;
}

/** `GET /admin/shop/order/detail?id=`. */
export interface AdminOrderDetail {
  id: number;
  order: Order;
  member: { id: number; username: string; nickname: string } | null;
  trade_no: string;
  memo: string;
  payments: AdminPayLogEntry[];
}

/** `POST /admin/shop/order/refund` answer. */
export interface AdminRefundAnswer {
  state: OrderState;
  refunded_amount: number;
  /** true when the whole amount is now refunded (ownership revoked). */
  full: boolean;
}
