import { describe, expect, it } from 'vitest';
import { baseFileName, buildSaveName } from './save-name.ts';

const now = new Date(2024, 0, 2, 3, 4, 5);
const epoch = String(Math.floor(now.getTime() / 1000));
const sha1 = 'a9993e364706816aba3e25717850c26c9cd0d89d';
const base = { originalName: 'photo.jpg', suffix: 'jpg', sha1, now, random: () => 'Ab12Cd', random32: () => 'R'.repeat(32) };
const DEFAULT = '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}';

describe('buildSaveName (spec §5)', () => {
  it('fills the default template and drops the leading slash', () => {
    expect(buildSaveName({ ...base, template: DEFAULT })).toBe(`storage/default/20240102/photo${sha1}.jpg`);
    expect(buildSaveName({ ...base, template: DEFAULT, topic: 'avatar' })).toBe(`storage/avatar/20240102/photo${sha1}.jpg`);
  });

  it('knows every placeholder', () => {
    const template = '{topic}/{year}-{mon}-{day}/{hour}{min}{sec}/{random}/{random32}/{fileName}.{suffix}/{fileSha1}{.suffix}';
    expect(buildSaveName({ ...base, template, topic: 't' })).toBe(
      `t/2024-01-02/030405/Ab12Cd/${'R'.repeat(32)}/photo.jpg/${sha1}.jpg`,
    );
  });

  it("strips whitespace and : @ # ? & = ' , +", () => {
    const name = buildSaveName({ ...base, template: 'up/{fileName}{fileSha1}{.suffix}', originalName: "a b:c@d#e?f.jpg" });
    expect(name).toBe(`up/abcdef${sha1}.jpg`);
    const others = buildSaveName({ ...base, template: "up/ {fileName}{fileSha1}{.suffix}", originalName: "g&h=i'j,k+l.jpg" });
    expect(others).toBe(`up/ghijkl${sha1}.jpg`);
  });

  it('inserts _epoch before the extension when there is no epoch, random value or hash', () => {
    expect(buildSaveName({ ...base, template: '/storage/{topic}/{fileName}{.suffix}' })).toBe(`storage/default/photo_${epoch}.jpg`);
    expect(buildSaveName({ ...base, template: '/storage/{fileName}' })).toBe(`storage/photo_${epoch}`);
    expect(buildSaveName({ ...base, template: '/s/{random}{.suffix}' })).toBe('s/Ab12Cd.jpg');
    expect(buildSaveName({ ...base, template: '/s/{random32}{.suffix}' })).toBe(`s/${'R'.repeat(32)}.jpg`);
  });

  it('keeps the name unique when the epoch is already in it', () => {
    // An epoch written by hand in the template counts as present.
    expect(buildSaveName({ ...base, template: `/s/${epoch}{.suffix}` })).toBe(`s/${epoch}.jpg`);
  });

  it('cannot escape the storage folder through the name or the topic', () => {
    const template = DEFAULT;
    const viaName = buildSaveName({ ...base, template, originalName: '../../../etc/passwd.jpg' });
    expect(viaName).toBe(`storage/default/20240102/passwd${sha1}.jpg`);
    const viaBackslash = buildSaveName({ ...base, template, originalName: '..\\..\\x.jpg' });
    expect(viaBackslash).toBe(`storage/default/20240102/x${sha1}.jpg`);
    const viaTopic = buildSaveName({ ...base, template, topic: '../../etc' });
    expect(viaTopic.startsWith('storage/etc/')).toBe(true);
    expect(() => buildSaveName({ ...base, template: '/../{fileSha1}' })).toThrow(/Unsafe/);
    expect(() => buildSaveName({ ...base, template: '/a/../../{fileSha1}' })).toThrow(/Unsafe/);
  });

  it('shortens the original name to 15 characters and keeps the lower-case suffix', () => {
    expect(baseFileName('a-very-long-file-name-indeed.JPG', 'jpg')).toBe('a-very-long-fil');
    expect(baseFileName('x.php.jpg', 'jpg')).toBe('x.php');
    expect(baseFileName('%2e%2e%2fa.jpg', 'jpg')).toBe('2e2e2fa');
    expect(baseFileName('a\u202Egpj.exe.jpg', 'jpg')).toBe('agpj.exe');
    expect(baseFileName('<b>"q" é.jpg', 'jpg')).toBe('bqé');
    expect(baseFileName('...x...jpg', 'jpg')).toBe('x');
    expect(buildSaveName({ ...base, template: '/{fileName}{.suffix}', originalName: '中文名字.png', suffix: 'png' })).toBe(
      `中文名字_${epoch}.png`,
    );
  });
});
