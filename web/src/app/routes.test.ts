import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { initI18n } from '../lib/i18n.ts';
import { opensPage } from './resolve-route.ts';
import { resolveRouteName } from './route-names.ts';
import { routes } from './routes.tsx';

/** Runs the real route table (loaders, redirects, lazy page modules) in a memory router. */
async function settle(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) return resolve();
    const stop = router.subscribe(() => done() && (stop(), resolve()));
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

beforeAll(() => initI18n());

describe('redirects of spec §2 (conventions "Readings")', () => {
  it.each([
    ['/nope', '/404'],
    ['/nope/deeper?x=1', '/404'],
    ['/admin', '/admin/loading'],
    ['/admin?tab=1', '/admin/loading?tab=1'],
    ['/admin/x?y=1', '/admin/loading/x?y=1'],
    ['/admin/auth/admin/edit?id=3', '/admin/loading/auth/admin/edit?id=3'],
    ['/admin/login', '/admin/login'],
    ['/user/login', '/login'],
    ['/user/unknown/page?z=2', '/user/loading/unknown/page?z=2'],
  ])('%s → %s', async (from, to) => {
    expect(await settle(from)).toBe(to);
  });

  it('sends a visitor from pages that need a member to the login page, carrying the way back', async () => {
    expect(await settle('/my-collections')).toBe('/login?redirect=%2Fmy-collections');
    expect(await settle('/user/my-orders?page=2')).toBe('/login?redirect=%2Fuser%2Fmy-orders%3Fpage%3D2');
  });

  it('opens every public page of spec §2 where it is', async () => {
    for (const path of ['/', '/login', '/register', '/register/AB12', '/about', '/list', '/vip-pricing', '/course/3', '/course2/3', '/browse-history', '/pay', '/topup', '/share', '/agreement', '/topup-agreement', '/user-agreement', '/privacy-policy', '/404', '/401']) {
      expect(await settle(path)).toBe(path);
    }
  });
});

describe('opensPage (where a loading route may continue)', () => {
  it('accepts real pages and refuses redirects, loading routes and unknown paths', () => {
    expect(opensPage('/user/faq?x=1')).toBe(true);
    expect(opensPage('/course/9')).toBe(true);
    expect(opensPage('/admin/login')).toBe(true);
    expect(opensPage('/user/nope')).toBe(false);
    // The admin shell decides between the page, /401 and /404 once the menus are loaded.
    expect(opensPage('/admin/dashboard')).toBe(true);
    expect(opensPage('/user/loading/faq')).toBe(false);
    expect(opensPage('/nope')).toBe(false);
  });
});

describe('named routes', () => {
  it('resolves userLogin and adminLogin; anything else is the 404 page', () => {
    expect(resolveRouteName('userLogin')).toBe('/login');
    expect(resolveRouteName('adminLogin')).toBe('/admin/login');
    expect(resolveRouteName('toString')).toBe('/404');
    expect(resolveRouteName('')).toBe('/404');
  });
});
