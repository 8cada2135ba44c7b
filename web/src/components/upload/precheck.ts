/** The upload rules the site config sends (conventions "Uploads"). */
export interface UploadRules {
  maxSize: number;
  allowedSuffixes: string;
  allowedMimeTypes: string;
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

/**
 * What the browser can tell before sending a file (spec §5 "Uploads"; the server checks again,
 * with the sniffed type): a name and a size, the size limit, the suffix and MIME allow-lists.
 * Answers the message key of the first rule the file breaks, or undefined.
 */
export function precheckUpload(file: { name: string; size: number; type: string }, rules: UploadRules): string | undefined {
  if (!file.name || !file.size) return 'upload.incomplete';
  if (rules.maxSize > 0 && file.size > rules.maxSize) return 'upload.sizeExceeded';
  const dot = file.name.lastIndexOf('.');
  const suffix = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!suffix || !list(rules.allowedSuffixes).includes(suffix)) return 'upload.typeNotAllowed';
  const mimeTypes = list(rules.allowedMimeTypes);
  // A browser that does not know the type sends none: the server sniffs the content instead.
  const type = file.type.toLowerCase();
  if (mimeTypes.length && type && !mimeTypes.some((allowed) => (allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : type === allowed))) {
    return 'upload.typeNotAllowed';
  }
  return undefined;
}
