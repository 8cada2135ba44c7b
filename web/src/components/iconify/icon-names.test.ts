import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { addAPIProvider, _api } from '@iconify/react';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { BUNDLED_ICON_SETS, iconApiConfig, iconPrefix, isBundledSet, plainCommas, toIconifyName } from './icon-names.ts';

const require = createRequire(import.meta.url);
const iconSet = (prefix: string) => require(`@iconify-json/${prefix}/icons.json`) as IconifyJSON;
const exists = (name: string) => {
  const [prefix, icon] = name.split(':') as [string, string];
  const data = iconSet(prefix);
  return Boolean(data.icons[icon] ?? data.aliases?.[icon]);
};

/** Icon names the seeds store (back-office menus, member-centre menus), read from their sources. */
function seededIconNames(): string[] {
  const root = join(import.meta.dirname, '..', '..', '..', '..', 'server', 'src', 'modules');
  const names = new Set<string>();
  for (const file of ['admin/seed.ts', 'member-access/seed.ts']) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/icon: '([^']+)'/g)) names.add(match[1]!);
  }
  return [...names];
}

describe('icon names (decision 046)', () => {
  it('maps the Ant Design component names stored before the icon library', () => {
    expect(toIconifyName('DashboardOutlined')).toBe('ant-design:dashboard-outlined');
    expect(toIconifyName('SafetyCertificateOutlined')).toBe('ant-design:safety-certificate-outlined');
    expect(toIconifyName('EyeInvisibleOutlined')).toBe('ant-design:eye-invisible-outlined');
    expect(toIconifyName('CrownFilled')).toBe('ant-design:crown-filled');
    expect(toIconifyName('CheckCircleTwoTone')).toBe('ant-design:check-circle-twotone');
    expect(toIconifyName('Html5Outlined')).toBe('ant-design:html5-outlined');
  });

  it("maps BuildAdmin's names and keeps Iconify names", () => {
    expect(toIconifyName('el-icon-Setting')).toBe('ep:setting');
    expect(toIconifyName('el-icon-ArrowLeftBold')).toBe('ep:arrow-left-bold');
    expect(toIconifyName('fa fa-user-circle')).toBe('fa:user-circle');
    expect(toIconifyName('ant-design:home-outlined')).toBe('ant-design:home-outlined');
    expect(toIconifyName('  mdi:home ')).toBe('mdi:home');
    for (const nothing of ['', null, undefined, 'iconfont icon-x', 'local-logo', '<svg>', 'Home:Page']) expect(toIconifyName(nothing)).toBe('');
  });

  it('finds every seeded menu icon in a bundled set', () => {
    const seeded = seededIconNames();
    expect(seeded.length).toBeGreaterThan(20);
    for (const stored of seeded) {
      const name = toIconifyName(stored);
      expect(isBundledSet(iconPrefix(name)), stored).toBe(true);
      expect(exists(name), `${stored} → ${name}`).toBe(true);
    }
  });

  it('maps Element Plus names onto the bundled ep set', () => {
    for (const stored of ['el-icon-Setting', 'el-icon-HomeFilled', 'el-icon-User', 'el-icon-ShoppingCart', 'el-icon-ArrowLeftBold']) {
      expect(exists(toIconifyName(stored)), stored).toBe(true);
    }
    expect(BUNDLED_ICON_SETS).toEqual(['ant-design', 'ep']);
  });
});

describe('icon API configuration (spec §9)', () => {
  it('is off when the setting is empty or names no http(s) origin', () => {
    for (const setting of ['', '  ', null, undefined, 'ftp://icons.test', 'not a url', ',']) expect(iconApiConfig(setting)).toBeNull();
  });

  it('uses exactly request URL limit 500, rotate 750 ms and timeout 5000 ms, hosts in the given order', () => {
    expect(iconApiConfig('https://icons.example.com/')).toEqual({ resources: ['https://icons.example.com'], maxURL: 500, rotate: 750, timeout: 5000 });
    expect(iconApiConfig('http://127.0.0.1:9301, http://127.0.0.1:9302/api/ http://127.0.0.1:9301')?.resources).toEqual([
      'http://127.0.0.1:9301',
      'http://127.0.0.1:9302/api',
    ]);
  });

  it('sends the commas between icon names as Iconify counted them (one character each)', () => {
    const url = 'http://127.0.0.1:9301/mdi.json?icons=a-b%2Cc-d%2ce';
    expect(plainCommas(url)).toBe('http://127.0.0.1:9301/mdi.json?icons=a-b,c-d,e');
  });

  it('is what Iconify itself then holds for the default provider', () => {
    expect(addAPIProvider('', iconApiConfig('http://127.0.0.1:9301,http://127.0.0.1:9302')!)).toBe(true);
    expect(_api.getAPIConfig('')).toMatchObject({
      resources: ['http://127.0.0.1:9301', 'http://127.0.0.1:9302'],
      maxURL: 500,
      rotate: 750,
      timeout: 5000,
      random: false,
    });
  });
});
