/**
 * Generated artwork for the demo catalogue: a deterministic 16:9 SVG per seed (gradient, soft
 * shapes, a film-strip motif), so a fresh install looks like a shop without downloading images.
 */

export const ART_PREFIX = '/api/catalogue/art/';
export const artUrl = (seed: number) => `${ART_PREFIX}${seed}.svg`;

/** Small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function artSvg(seed: number): string {
  const next = random(seed * 7919 + 17);
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 40 + Math.floor(next() * 80)) % 360;
  const circles = Array.from({ length: 5 }, () => {
    const x = Math.round(next() * 640);
    const y = Math.round(next() * 360);
    const r = Math.round(40 + next() * 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + 180) % 360} 80% 70%)" opacity="${(0.08 + next() * 0.14).toFixed(2)}"/>`;
  }).join('');
  const holes = Array.from({ length: 16 }, (_, i) => `<rect x="${i * 40 + 10}" y="8" width="20" height="12" rx="3"/><rect x="${i * 40 + 10}" y="340" width="20" height="12" rx="3"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 38%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 22%)"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/>${circles}<g fill="#000" opacity="0.25"><rect width="640" height="28"/><rect y="332" width="640" height="28"/></g><g fill="#fff" opacity="0.35">${holes}</g><path d="M292 150v60l52-30z" fill="#fff" opacity="0.85"/></svg>`;
}
