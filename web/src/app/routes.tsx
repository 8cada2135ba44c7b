import type { ComponentType } from 'react';
import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ContentName } from '../features/content/api/get-content.ts';
import { useMemberMenus } from '../features/member-centre/menus-store.ts';
import { fetchIndexInit } from '../features/site/api/get-index-init.ts';
import { requireMember } from './guards.ts';
import { adminPrefix } from '../lib/request/url.ts';
import { useSiteConfig } from '../stores/site-config.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import type { RouteHandle } from './route-handle.ts';
import { detailData, homeData, listData, loginData } from './route-data.ts';
import { RootLayout } from './shell/root-layout.tsx';
import { RouteError } from './shell/route-error.tsx';
import { StorefrontLayout } from './shell/storefront-layout.tsx';

/** A lazily loaded page: its code and its translations arrive together (route-level splitting). */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/** About and the four agreements: one page component fed by `GET /api/index/content?name=`. */
function contentPage(name: ContentName) {
  return async () => {
    const [{ ContentPage }] = await Promise.all([import('../features/content/content-page.tsx'), loadNamespaces(['content'])]);
    return { Component: () => <ContentPage name={name} /> };
  };
}

/** `/area/<rest>?<query>` → `/area/loading/<rest>?<query>` (spec §2 redirects). */
function toLoading(area: string) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const rest = params['*'] ?? '';
    throw replace(`${area}/loading${rest ? `/${rest}` : ''}${new URL(request.url).search}`);
  };
}

const handle = (value: RouteHandle) => value;

/**
 * The back office answers only at its configured entry (setting backendEntrance, `/admin` unless
 * renamed); any other first segment is the app's 404. The first page load waits for the start-up
 * init call, which says where the entry is (the stored value may be from an older setting).
 */
async function requireAdminEntry({ params }: LoaderFunctionArgs) {
  if (!useSiteConfig.getState().initialized) {
    // On the first page load this runs before main.tsx starts the init call; later it waits for it.
    const { startup } = useMemberMenus.getState();
    if (startup) await startup;
    else await fetchIndexInit({ cancelDuplicate: false }).then((init) => useSiteConfig.getState().apply(init.site), () => undefined);
  }
  if (`/${params.adminEntry ?? ''}` !== adminPrefix()) throw replace('/404');
  return null;
}
const atAdminEntry =
  (loader: (args: LoaderFunctionArgs) => unknown) =>
  async (args: LoaderFunctionArgs): Promise<unknown> => {
    await requireAdminEntry(args);
    return loader(args);
  };

/** `<entry>/<page>` opens in the admin shell once the admin's menus are loaded, else via the loading route. */
const adminGate = async (args: LoaderFunctionArgs) => {
  // Imported here, not at the top: the back office's store stays out of the storefront's first load.
  const { useAdminMenus } = await import('../features/admin/shell/menus-store.ts');
  return useAdminMenus.getState().loaded ? null : toLoading(adminPrefix())(args);
};

/**
 * Loader of the member-centre layout: a logged-in member, and the menus of their group. They come
 * with the start-up init call; after a login in this tab they are fetched once more. A failed fetch
 * still opens the page (the layout says the menus are missing).
 */
async function memberCentreGate(args: LoaderFunctionArgs) {
  requireMember(args);
  // On the first page load this loader runs before main.tsx starts the init call; later it waits for it.
  const { loaded, startup } = useMemberMenus.getState();
  if (!loaded && startup) await startup;
  if (useMemberMenus.getState().loaded) return null;
  try {
    const init = await fetchIndexInit({ cancelDuplicate: false });
    if (init.userInfo) useMemberMenus.getState().apply(init.menus, init.rules);
  } catch {
    // The layout shows that the menus could not be loaded.
  }
  return null;
}

const memberPage = (load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []) => page(load, ['member', ...namespaces]);

const memberCentreChildren: RouteObject[] = [
  { path: 'overview', handle: handle({ title: 'overview' }), lazy: memberPage(() => import('../features/member-centre/overview-page.tsx')) },
  { path: 'profile', handle: handle({ title: 'profile' }), lazy: memberPage(() => import('../features/member-centre/profile-page.tsx'), ['uploads']) },
  { path: 'change-password', handle: handle({ title: 'changePassword' }), lazy: memberPage(() => import('../features/member-centre/change-password-page.tsx')) },
  { path: 'security', handle: handle({ title: 'accountSecurity' }), lazy: memberPage(() => import('../features/member-centre/security-page.tsx')) },
  { path: 'balance', handle: handle({ title: 'balanceLog' }), lazy: memberPage(() => import('../features/member-centre/balance-log-page.tsx')) },
  { path: 'integral', handle: handle({ title: 'integralLog' }), lazy: memberPage(() => import('../features/member-centre/points-log-page.tsx')) },
  { path: 'check-in', handle: handle({ title: 'checkIn' }), lazy: memberPage(() => import('../features/member-centre/check-in-page.tsx')) },
  { path: 'my-collections', handle: handle({ title: 'myCollections' }), lazy: page(() => import('../features/catalogue/collections-page.tsx'), ['catalogue', 'catalogue-member']) },
  { path: 'my-purchases', handle: handle({ title: 'myPurchases' }), lazy: page(() => import('../features/member-centre/purchases-page.tsx'), ['member', 'commerce']) },
  { path: 'my-orders', handle: handle({ title: 'myOrders' }), lazy: page(() => import('../features/member-centre/orders-page.tsx'), ['member', 'commerce']) },
  { path: 'my-payments', handle: handle({ title: 'myPayments' }), lazy: page(() => import('../features/member-centre/payments-page.tsx'), ['member', 'commerce']) },
  { path: 'my-coupons', handle: handle({ title: 'myCoupons' }), lazy: page(() => import('../features/coupons/my-coupons-page.tsx'), ['member', 'coupons']) },
  { path: 'faq', handle: handle({ title: 'faq' }), lazy: page(() => import('../features/member-centre/faq-page.tsx'), ['member']) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // The first page's code is still loading: html already has the theme's background.
    HydrateFallback: () => null,
    children: [
      {
        id: 'storefront',
        Component: StorefrontLayout,
        children: [
          { index: true, id: 'home', handle: handle({ title: 'home', keepAlive: true, scrollGroup: 'home-detail' }), loader: homeData, lazy: page(() => import('../features/catalogue/home-page.tsx'), ['catalogue']) },
          { path: 'list', id: 'list', handle: handle({ title: 'list', keepAlive: true }), loader: listData, lazy: page(() => import('../features/catalogue/list-page.tsx'), ['catalogue']) },
          { path: 'course/:id', id: 'course', handle: handle({ title: 'course', scrollGroup: 'home-detail' }), loader: detailData, lazy: page(() => import('../features/catalogue/course-page.tsx'), ['catalogue', 'catalogue-detail']) },
          { path: 'course2/:id', id: 'course2', handle: handle({ title: 'course', scrollGroup: 'home-detail' }), loader: detailData, lazy: page(() => import('../features/catalogue/course-page.tsx'), ['catalogue', 'catalogue-detail']) },
          { path: 'vip-pricing', handle: handle({ title: 'vipPricing' }), lazy: page(() => import('../features/vip/vip-pricing-page.tsx'), ['vip']) },
          { path: 'login', id: 'login', handle: handle({ title: 'login' }), loader: loginData, lazy: page(() => import('../features/account/login-page.tsx'), ['account']) },
          { path: 'register/:code?', handle: handle({ title: 'register' }), lazy: page(() => import('../features/account/register-page.tsx'), ['account']) },
          { path: 'about', handle: handle({ title: 'about' }), lazy: contentPage('about') },
          { path: 'agreement', handle: handle({ title: 'agreement' }), lazy: contentPage('agreement') },
          { path: 'topup-agreement', handle: handle({ title: 'topupAgreement' }), lazy: contentPage('topupAgreement') },
          { path: 'user-agreement', handle: handle({ title: 'userAgreement' }), lazy: contentPage('userAgreement') },
          { path: 'privacy-policy', handle: handle({ title: 'privacyPolicy' }), lazy: contentPage('privacyPolicy') },
          { path: 'my-collections', handle: handle({ title: 'myCollections' }), loader: requireMember, lazy: page(() => import('../features/catalogue/collections-page.tsx'), ['catalogue', 'catalogue-member']) },
          { path: 'browse-history', handle: handle({ title: 'browseHistory' }), lazy: page(() => import('../features/catalogue/browse-history-page.tsx'), ['catalogue', 'catalogue-member']) },
          { path: 'cart', handle: handle({ title: 'cart' }), loader: requireMember, lazy: page(() => import('../features/cart/cart-page.tsx'), ['cart', 'commerce']) },
          { path: 'pay', handle: handle({ title: 'pay' }), lazy: page(() => import('../features/checkout/pay-page.tsx'), ['checkout', 'commerce', 'coupons', 'pay-wechat']) },
          { path: 'pay/sandbox', handle: handle({ title: 'paySandbox' }), lazy: page(() => import('../features/checkout/sandbox-page.tsx'), ['checkout', 'commerce']) },
          { path: 'topup', handle: handle({ title: 'topup' }), lazy: page(() => import('../features/checkout/topup-page.tsx'), ['checkout']) },
          { path: 'share', handle: handle({ title: 'share' }), lazy: page(() => import('../features/share/share-page.tsx'), ['share']) },
          { path: '404', id: 'not-found', handle: handle({ title: 'notFound' }), lazy: page(() => import('../features/errors/not-found-page.tsx'), ['errors']) },
          { path: '401', handle: handle({ title: 'noPermission' }), lazy: page(() => import('../features/errors/no-permission-page.tsx'), ['errors']) },
          {
            path: 'user',
            children: [
              { index: true, loader: toLoading('/user') },
              { path: 'login', loader: () => replace('/login') },
              { path: 'loading/*', id: 'member-loading', handle: handle({ title: 'loading' }), lazy: page(() => import('./loading/member-loading-page.tsx'), ['member']) },
              {
                id: 'member-centre',
                loader: memberCentreGate,
                lazy: page(() => import('../features/member-centre/member-centre-layout.tsx'), ['member']),
                children: memberCentreChildren,
              },
              { path: '*', loader: toLoading('/user') },
            ],
          },
        ],
      },
      {
        // The back office, at `/admin` or the renamed entry (static storefront paths rank first).
        path: ':adminEntry',
        children: [
          { index: true, loader: atAdminEntry((args) => toLoading(adminPrefix())(args)) },
          { path: 'login', id: 'admin-login', loader: requireAdminEntry, handle: handle({ title: 'adminLogin' }), lazy: page(() => import('../features/admin/admin-login-page.tsx'), ['admin']) },
          { path: 'loading/*', id: 'admin-loading', loader: requireAdminEntry, handle: handle({ title: 'loading' }), lazy: page(() => import('./loading/admin-loading-page.tsx'), ['admin']) },
          // Menu pages: the back office's shell (antd, lazily loaded); before the menus are loaded it sends to the loading route.
          { path: '*', id: 'admin-layout', loader: atAdminEntry(adminGate), lazy: page(() => import('../features/admin/shell/admin-layout.tsx'), ['admin', 'admin-crud']) },
        ],
      },
      { path: '*', loader: () => replace('/404') },
    ],
  },
];
