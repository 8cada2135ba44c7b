import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathPattern, storefrontRoutes } from '../../route-preloads.ts';

/** The build's route preloads read routes.tsx; a reshaped file must still give the landing pages. */
describe('route preloads', () => {
  const routes = storefrontRoutes(readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8'));
  const find = (path: string) => routes.find((route) => route.path === path);

  it('finds the storefront pages with their modules and texts, and no back-office page', () => {
    expect(find('')).toEqual({ path: '', module: '../features/catalogue/home-page.tsx', namespaces: ['catalogue'] });
    expect(find('list')?.module).toBe('../features/catalogue/list-page.tsx');
    expect(find('course/:id')?.module).toBe('../features/catalogue/course-page.tsx');
    expect(find('course2/:id')?.module).toBe('../features/catalogue/course-page.tsx');
    expect(find('vip-pricing')?.namespaces).toEqual(['vip']);
    expect(find('login')).toEqual({ path: 'login', module: '../features/account/login-page.tsx', namespaces: ['account'] });
    expect(routes.some((route) => route.module.includes('/admin/'))).toBe(false);
  });

  it('matches paths as the router does', () => {
    const matches = (path: string, pathname: string) => new RegExp(pathPattern(path)).test(pathname);
    expect(matches('', '/')).toBe(true);
    expect(matches('', '/list')).toBe(false);
    expect(matches('list', '/list/')).toBe(true);
    expect(matches('course/:id', '/course/12')).toBe(true);
    expect(matches('course/:id', '/course2/12')).toBe(false);
    expect(matches('course/:id', '/course/12/x')).toBe(false);
    expect(matches('register/:code?', '/register')).toBe(true);
    expect(matches('register/:code?', '/register/ab12')).toBe(true);
    expect(matches('pay/sandbox', '/pay')).toBe(false);
  });
});
