import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './detail.ts';

/** The one server sanitiser of item descriptions and notices (the item editor's image button inserts uploads). */
describe('sanitizeDescription', () => {
  it('keeps an uploaded image and http(s) images with their safe attributes', () => {
    expect(sanitizeDescription('<p>a</p><img src="/storage/uploads/20261125/ab12.png" alt="Cover" width="640" loading="lazy">')).toBe(
      '<p>a</p><img src="/storage/uploads/20261125/ab12.png" alt="Cover" width="640" loading="lazy" />',
    );
    expect(sanitizeDescription('<img src="https://cdn.example.com/a.webp">')).toBe('<img src="https://cdn.example.com/a.webp" />');
  });

  it('drops images with an unsafe source, and event handlers and styles of kept ones', () => {
    for (const src of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', '//evil.example/x.png', 'vbscript:x', '', 'x.png', '/storage/a.png" onerror="alert(1)']) {
      expect(sanitizeDescription(`<p>t</p><img src='${src}'>`), src).toBe('<p>t</p>');
    }
    expect(sanitizeDescription('<img>')).toBe('');
    expect(sanitizeDescription('<img src="/storage/a.png" onerror="alert(1)" style="position:fixed" onload="x()">')).toBe('<img src="/storage/a.png" />');
  });

  it('keeps links to http(s), mailto and tel; drops javascript links', () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="mailto:a@b.cn">m</a>')).toBe('<a href="mailto:a@b.cn">m</a>');
  });
});
