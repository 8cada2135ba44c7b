import { describe, expect, it } from 'vitest';
import { coversWholeImage, outputSize, outputType, renamed } from './crop.ts';

describe('image crop helpers', () => {
  it('knows when the crop is the whole image (then the original is kept)', () => {
    expect(coversWholeImage({ x: 0, y: 0, width: 800, height: 800 }, { width: 800, height: 800 })).toBe(true);
    expect(coversWholeImage({ x: 0.4, y: 0, width: 799.6, height: 800 }, { width: 800, height: 800 })).toBe(true);
    expect(coversWholeImage({ x: 100, y: 0, width: 600, height: 600 }, { width: 800, height: 600 })).toBe(false);
  });

  it('scales the output down to the longest edge asked for, never up', () => {
    expect(outputSize({ x: 0, y: 0, width: 2000, height: 1000 }, 512)).toEqual({ width: 512, height: 256 });
    expect(outputSize({ x: 0, y: 0, width: 300, height: 300 }, 512)).toEqual({ width: 300, height: 300 });
    expect(outputSize({ x: 0, y: 0, width: 1200, height: 675 })).toEqual({ width: 1200, height: 675 });
  });

  it('encodes as JPEG/WebP when the source was, else PNG, and renames accordingly', () => {
    expect(outputType('image/jpeg')).toBe('image/jpeg');
    expect(outputType('image/gif')).toBe('image/png');
    expect(renamed('photo.gif', 'image/png')).toBe('photo.png');
    expect(renamed('me', 'image/jpeg')).toBe('me.jpg');
  });
});
