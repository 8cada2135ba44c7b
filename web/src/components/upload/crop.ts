/** The part of an image to keep, in the image's own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when the area is the whole image: then the original file is kept, never re-encoded. */
export function coversWholeImage(area: CropArea, natural: { width: number; height: number }): boolean {
  return Math.abs(area.x) <= 1 && Math.abs(area.y) <= 1 && Math.abs(area.width - natural.width) <= 1 && Math.abs(area.height - natural.height) <= 1;
}

/** Output edge: the crop, scaled down to at most `maxEdge` on its longer side. */
export function outputSize(area: CropArea, maxEdge?: number): { width: number; height: number } {
  const scale = maxEdge && Math.max(area.width, area.height) > maxEdge ? maxEdge / Math.max(area.width, area.height) : 1;
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

/** A type the browser can encode; anything else (gif, bmp) is saved as PNG. */
export function outputType(type: string): 'image/png' | 'image/jpeg' | 'image/webp' {
  return type === 'image/jpeg' || type === 'image/webp' ? type : 'image/png';
}

const SUFFIX = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** `photo.gif` cropped to PNG → `photo.png`. */
export function renamed(name: string, type: keyof typeof SUFFIX): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'image'}.${SUFFIX[type]}`;
}
