import { describe, expect, it } from 'vitest';
import { useAdminStore } from '../../stores/admin.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { suffixIconUrl } from './suffix-icon.ts';

describe('suffixIconUrl (spec §7 buildSuffixSvg)', () => {
  it('members use /api without a token; the admin path carries batoken, suffix, background and server', () => {
    expect(suffixIconUrl('pdf', 'user', '#e8590c')).toBe('/api/ajax/buildSuffixSvg?suffix=pdf&background=%23e8590c&server=1');
    useAdminStore.setState({ token: 'tok123' });
    expect(suffixIconUrl('zip', 'admin', '#e8590c')).toBe('/admin/ajax/buildSuffixSvg?batoken=tok123&suffix=zip&background=%23e8590c&server=1');
  });

  it('follows a renamed back-office entrance', () => {
    useSiteConfig.setState({ adminPrefix: '/studio' });
    expect(suffixIconUrl('mp4', 'admin')).toMatch(/^\/studio\.php\/ajax\/buildSuffixSvg\?batoken=/);
    useSiteConfig.setState({ adminPrefix: '/admin' });
  });
});
