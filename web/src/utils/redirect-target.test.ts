import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  const target = (query: string) => safeRedirectTarget(new URLSearchParams(query), '/user');

  it('follows a same-site path with its query', () => {
    expect(target(`redirect=${encodeURIComponent('/admin/x?y=1')}`)).toBe('/admin/x?y=1');
  });

  it('refuses other sites and odd values, using the fallback', () => {
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', 'user', '']) {
      expect(target(`redirect=${encodeURIComponent(bad)}`)).toBe('/user');
    }
    expect(target('')).toBe('/user');
  });

  it('round-trips with loginPath', () => {
    const back = '/user/my-orders?page=2&x=a b';
    const search = new URL(loginPath('/login', back), 'http://shop.test').searchParams;
    expect(safeRedirectTarget(search, '/')).toBe(back);
  });
});
