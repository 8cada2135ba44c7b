/**
 * Whether this browser tab showed a page of this site before the current document loaded.
 * React Router numbers the entries of one document only; a visit that started with a full page
 * load (typed URL, reload, a link from elsewhere) needs this per-tab note to know there is a
 * page of ours to go back to.
 */
const KEY = 'framecraft:tab-visited';

let earlierDocument = false;

/** Call once at start, before anything asks. */
export function noteTabVisit(): void {
  try {
    earlierDocument = sessionStorage.getItem(KEY) === '1';
    sessionStorage.setItem(KEY, '1');
  } catch {
    earlierDocument = false;
  }
}

/** True when going back one entry lands on a page of this site. */
export function canGoBackInApp(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx;
  return (typeof index === 'number' && index > 0) || earlierDocument;
}
