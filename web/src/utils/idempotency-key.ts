/**
 * A random request key (32 hex characters) for calls that must take effect at most once, e.g. an
 * admin balance adjustment (decision 019): made once per opened dialog and resent on every retry.
 * `crypto.getRandomValues` works on plain-http LAN addresses too, where `randomUUID` does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
