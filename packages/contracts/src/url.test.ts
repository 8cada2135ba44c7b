import { describe, expect, it } from 'vitest';
import { fullUrl, normaliseAdminPrefix, serverAdminUrl } from './url.ts';

const cdn = { cdnUrl: 'https://cdn.example.com', origin: 'https://shop.example.com' };
const noCdn = { cdnUrl: '', origin: 'https://shop.example.com' };

describe('fullUrl (spec §5)', () => {
  it.each([
    'http://a.example.com/x.png',
    'https://a.example.com/x.png',
    'HTTPS://A.EXAMPLE.COM/x.png',
    '//a.example.com/x.png',
    'data:image/png;base64,iVBORw0KGgo=',
  ])('keeps %s as it is', (url) => {
    expect(fullUrl(url, cdn)).toBe(url);
    expect(fullUrl(url, noCdn)).toBe(url);
  });

  it('prefixes other paths with the CDN URL', () => {
    expect(fullUrl('/storage/default/a.png', cdn)).toBe('https://cdn.example.com/storage/default/a.png');
  });

  it('uses the site origin when no CDN URL is set', () => {
    expect(fullUrl('/storage/a.png', noCdn)).toBe('https://shop.example.com/storage/a.png');
    expect(fullUrl('/storage/a.png', { cdnUrl: null, origin: 'https://shop.example.com' })).toBe(
      'https://shop.example.com/storage/a.png',
    );
    expect(fullUrl('/storage/a.png', { cdnUrl: '  ', origin: 'https://shop.example.com' })).toBe(
      'https://shop.example.com/storage/a.png',
    );
  });

  it.each([
    ['https://cdn.example.com', '/a.png'],
    ['https://cdn.example.com/', '/a.png'],
    ['https://cdn.example.com', 'a.png'],
    ['https://cdn.example.com/', 'a.png'],
    ['https://cdn.example.com//', '/a.png'],
  ])('joins %s and %s with exactly one slash', (cdnUrl, path) => {
    expect(fullUrl(path, { cdnUrl })).toBe('https://cdn.example.com/a.png');
  });

  it('keeps a path prefix of the base and a protocol-relative CDN', () => {
    expect(fullUrl('/a.png', { cdnUrl: 'https://cdn.example.com/shop/' })).toBe('https://cdn.example.com/shop/a.png');
    expect(fullUrl('a.png', { cdnUrl: '//cdn.example.com' })).toBe('//cdn.example.com/a.png');
  });

  it('does not treat other schemes or look-alikes as absolute', () => {
    expect(fullUrl('data:text/html,x', noCdn)).toBe('https://shop.example.com/data:text/html,x');
    expect(fullUrl('httpfiles/a.png', noCdn)).toBe('https://shop.example.com/httpfiles/a.png');
  });

  it('gives an empty string for an empty path and a root-relative path without any base', () => {
    expect(fullUrl('', cdn)).toBe('');
    expect(fullUrl(null, cdn)).toBe('');
    expect(fullUrl(undefined, cdn)).toBe('');
    expect(fullUrl('storage/a.png')).toBe('/storage/a.png');
    expect(fullUrl('/storage/a.png', { cdnUrl: '', origin: '' })).toBe('/storage/a.png');
  });
});

describe('renamed back office', () => {
  it('normalises the entry setting to /name, the default when empty', () => {
    expect(normaliseAdminPrefix('')).toBe('/admin');
    expect(normaliseAdminPrefix(undefined)).toBe('/admin');
    expect(normaliseAdminPrefix(' manage/ ')).toBe('/manage');
    expect(normaliseAdminPrefix('/ops')).toBe('/ops');
  });

  it('maps <prefix>.php/… to the admin routes and sends /admin/… nowhere; the default changes nothing', () => {
    expect(serverAdminUrl('/admin/index/index', '/admin', '/gone')).toBe('/admin/index/index');
    expect(serverAdminUrl('/manage.php/ajax/upload?topic=a', '/manage', '/gone')).toBe('/admin/ajax/upload?topic=a');
    expect(serverAdminUrl('/manage.php?x=1', '/manage', '/gone')).toBe('/admin?x=1');
    expect(serverAdminUrl('/admin/index/index', '/manage', '/gone')).toBe('/gone/index/index');
    expect(serverAdminUrl('/admin', '/manage', '/gone')).toBe('/gone');
    expect(serverAdminUrl('/administrator', '/manage', '/gone')).toBe('/administrator');
    expect(serverAdminUrl('/manage.phpx/a', '/manage', '/gone')).toBe('/manage.phpx/a');
    expect(serverAdminUrl('/api/index/index', '/manage', '/gone')).toBe('/api/index/index');
  });
});
