import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Page component of each menu rule, by the rule's `component` key. A new admin page is one line
 * here plus its rule (seeded or added in Menu rules).
 */
export const ADMIN_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./dashboard-page.tsx')),
  'auth/admin': lazy(() => import('./auth-admin-page.tsx')),
  'auth/group': lazy(() => import('./auth-group-page.tsx')),
  'auth/rule': lazy(() => import('./auth-rule-page.tsx')),
  'auth/adminLog': lazy(() => import('./admin-log-page.tsx')),
  'organization/department': lazy(() => import('./department-page.tsx')),
  'organization/job': lazy(() => import('./job-page.tsx')),
  'routine/config': lazy(() => import('./config-page.tsx')),
  'routine/adminInfo': lazy(() => import('./profile-page.tsx')),
  'routine/attachment': lazy(() => import('./attachment-page.tsx')),
  'routine/smsLog': lazy(() => import('./sms-log-page.tsx')),
  'routine/backgroundJob': lazy(() => import('./background-job-page.tsx')),
  'security/dataRecycle': lazy(() => import('./data-recycle-page.tsx')),
  'security/dataRecycleLog': lazy(() => import('./data-recycle-log-page.tsx')),
  'security/sensitiveData': lazy(() => import('./sensitive-data-page.tsx')),
  'security/sensitiveDataLog': lazy(() => import('./sensitive-data-log-page.tsx')),
  'user/user': lazy(() => import('./members/member-page.tsx')),
  'user/group': lazy(() => import('./members/member-group-page.tsx')),
  'user/rule': lazy(() => import('./members/member-rule-page.tsx')),
  'user/moneyLog': lazy(() => import('./members/ledger-page.tsx').then((m) => ({ default: m.MoneyLogPage }))),
  'user/scoreLog': lazy(() => import('./members/ledger-page.tsx').then((m) => ({ default: m.ScoreLogPage }))),
  'shop/course': lazy(() => import('./shop/items/items-page.tsx')),
  'shop/order': lazy(() => import('./shop/order-page.tsx')),
  'shop/payLog': lazy(() => import('./shop/pay-log-page.tsx')),
  'shop/cart': lazy(() => import('./shop/cart-page.tsx')),
  'shop/coupon': lazy(() => import('./shop/coupon-page.tsx')),
  'shop/couponClaim': lazy(() => import('./shop/coupon-claim-page.tsx')),
  'user/commission': lazy(() => import('./members/commission-page.tsx')),
  'shop/topup': lazy(() => import('./shop/topup-page.tsx')),
  'shop/vip': lazy(() => import('./shop/vip-tier-page.tsx')),
  'shop/type': lazy(() => import('./shop/type-page.tsx')),
  'shop/notice': lazy(() => import('./shop/notice-page.tsx')),
  'shop/collect': lazy(() => import('./shop/collect-page.tsx')),
  'shop/smsTemplate': lazy(() => import('./shop/sms-template-page.tsx')),
  'crud/generator': lazy(() => import('./generator/generator-page.tsx')),
  /** The page of a generated table whose own page is not built in yet (decision 045). */
  'gen/runtime': lazy(() => import('./gen/runtime-page.tsx')),
  // generator: pages
};
