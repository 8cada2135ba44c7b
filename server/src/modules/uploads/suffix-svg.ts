const PALETTE = ['#4f7cff', '#19a974', '#ff8c42', '#e5484d', '#8e4ec6', '#0091ff', '#d6409f', '#f5a524'];
const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

/** A stable palette colour for a suffix, so the same type always gets the same icon. */
function colourFor(suffix: string): string {
  let sum = 0;
  for (const char of suffix) sum = (sum * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[sum % PALETTE.length]!;
}

/**
 * A file icon labelled with the suffix (spec §7 buildSuffixSvg): at most 4 letters/digits,
 * upper-case; `background` only as a hex or rgb() colour, anything else gets the palette colour.
 * Only escaped, whitelisted text reaches the markup.
 */
export function buildSuffixSvg(suffixInput: string, backgroundInput?: string): string {
  const suffix = (suffixInput.replace(/[^A-Za-z0-9]/g, '').slice(0, 4) || 'file').toUpperCase();
  const background = backgroundInput && COLOUR.test(backgroundInput.trim()) ? backgroundInput.trim() : colourFor(suffix);
  const fontSize = suffix.length > 3 ? 15 : 18;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    '<path d="M14 4h26l14 14v38a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z" fill="#e8ecf2"/>',
    '<path d="M40 4l14 14H44a4 4 0 0 1-4-4z" fill="#c9d1dc"/>',
    `<rect x="4" y="30" width="46" height="22" rx="4" fill="${background}"/>`,
    `<text x="27" y="46" font-family="Arial,Helvetica,sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle">${suffix}</text>`,
    '</svg>',
  ].join('');
}
