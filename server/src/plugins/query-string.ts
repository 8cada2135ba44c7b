/** Query objects whose text had broken percent-encoding; core answers them with 400. */
const malformed = new WeakSet<object>();

export const isMalformedQuery = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && malformed.has(query);

function decode(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}

/**
 * The router's query-string parser: `a=1&a=2&b` → `{a: ['1', '2'], b: ''}` like Fastify's
 * default, but strict about percent-encoding. It must not throw (it runs inside the router),
 * so a broken query is remembered and rejected later in the request lifecycle.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  if (text.length === 0) return query;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key === undefined || value === undefined) {
      malformed.add(query);
      continue;
    }
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}
