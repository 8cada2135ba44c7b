import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every page translation exists in both languages with the same keys (no silent fallback). */
const root = join(import.meta.dirname);

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}
const load = (language: string, file: string) => JSON.parse(readFileSync(join(root, language, file), 'utf8')) as unknown;

describe('language packs of the web app', () => {
  const zh = readdirSync(join(root, 'zh-cn')).sort();
  const en = readdirSync(join(root, 'en')).sort();

  it('have the same namespaces in zh-cn and en', () => {
    expect(en).toEqual(zh);
  });

  it.each(zh)('%s has the same keys in both languages, none empty', (file) => {
    const zhKeys = [...new Set(leaves(load('zh-cn', file)))].sort();
    const enKeys = [...new Set(leaves(load('en', file)))].sort();
    expect(enKeys).toEqual(zhKeys);
    for (const language of ['zh-cn', 'en']) {
      const text = JSON.stringify(load(language, file));
      expect(text).not.toMatch(/:\s*""/);
    }
  });

  it('every namespace a route loads exists', () => {
    const routes = readFileSync(join(root, '..', 'app', 'routes.tsx'), 'utf8');
    const used = new Set([...routes.matchAll(/\['([a-z-]+)'\]/g)].map((match) => `${match[1]}.json`));
    for (const file of used) expect(zh).toContain(file);
  });
});
