import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha } from './draw.ts';
import { clicksMatch, parseClickInfo } from './service.ts';

describe('captcha drawing', () => {
  it('rasterises the targets: at each target there are pixels far darker than the pale image', async () => {
    for (let round = 0; round < 8; round++) {
      const drawn = await drawCaptcha();
      const { data, info } = await sharp(drawn.jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
      const grey = (x: number, y: number) => data[y * info.width + x]!;
      const mean = data.reduce((sum, v) => sum + v, 0) / data.length;
      for (const t of drawn.targets) {
        let darkest = 255;
        for (let dy = -10; dy <= 10; dy++) for (let dx = -10; dx <= 10; dx++) darkest = Math.min(darkest, grey(t.x + dx, t.y + dy));
        // Glyph colours are random but dark; 30 levels below the image mean leaves room for a pale one near a dark background patch.
        expect(darkest).toBeLessThan(mean - 30);
        expect(t.x - t.r).toBeGreaterThanOrEqual(-10);
        expect(t.x + t.r).toBeLessThanOrEqual(CAPTCHA_WIDTH + 10);
      }
      // Targets are far enough apart that one click can never hit two.
      for (const a of drawn.targets) for (const b of drawn.targets) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r);
      const values = drawn.targets.map((t) => t.value);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('draws different images each time', async () => {
    const [a, b] = await Promise.all([drawCaptcha(), drawCaptcha()]);
    expect(a.jpeg.equals(b.jpeg)).toBe(false);
  });
});

describe('click checking', () => {
  const answer = { width: 350, height: 200, targets: [{ x: 50, y: 50, r: 24 }, { x: 200, y: 100, r: 24 }] };

  it('scales clicks from the rendered size to the image size', () => {
    expect(parseClickInfo('25,25-100,50;175;100', answer)).toEqual([{ x: 50, y: 50 }, { x: 200, y: 100 }]);
    expect(clicksMatch(answer, '25,25-100,50;175;100')).toBe(true);
    expect(clicksMatch(answer, '100,50-25,25;175;100')).toBe(false);
  });

  it('accepts a click inside the radius and refuses one just outside', () => {
    expect(clicksMatch(answer, '74,50-200,100;350;200')).toBe(true);
    expect(clicksMatch(answer, '75,50-200,100;350;200')).toBe(false);
  });

  it('refuses malformed info', () => {
    for (const info of ['', '50,50;350', '50,50-200,100;350;0', '50,50,1-200,100;350;200', 'a,b-200,100;350;200', '50,50;350;200']) {
      expect(clicksMatch(answer, info)).toBe(false);
    }
  });
});
