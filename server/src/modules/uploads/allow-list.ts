/** Suffixes that name the same format, so a sniffed `jpg` satisfies an uploaded `.jpeg`. */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tif: 'tiff', mpeg: 'mpg' };
const canonical = (suffix: string) => SAME_FORMAT[suffix] ?? suffix;

export const parseList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/** The lower-case suffix after the last dot of a name, '' when none or not plain letters/digits. */
export function suffixOf(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const suffix = dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(suffix) ? suffix : '';
}

export interface AllowLists {
  suffixes: string;
  mimeTypes: string;
}

/**
 * Both checks are enforced (the original only computed them): the name's suffix must be allowed,
 * the sniffed content must be a known format that matches that suffix, and, when a MIME list is
 * configured, the sniffed MIME type must be on it. Unrecognisable content (text, HTML, PHP,
 * SVG) never passes, whatever it is called.
 */
export function isAllowed(suffix: string, sniffed: { ext: string; mime: string } | undefined, lists: AllowLists): boolean {
  const suffixes = parseList(lists.suffixes);
  const mimeTypes = parseList(lists.mimeTypes);
  if (!suffix || !suffixes.includes(suffix) || !sniffed) return false;
  if (canonical(sniffed.ext) !== canonical(suffix)) return false;
  if (mimeTypes.length === 0) return true;
  return mimeTypes.some((allowed) =>
    allowed.endsWith('/*') ? sniffed.mime.startsWith(allowed.slice(0, -1)) : sniffed.mime === allowed,
  );
}
