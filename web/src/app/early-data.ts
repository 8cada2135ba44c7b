/**
 * A storefront call that index.html's inline script started before the app's code arrived
 * (`web/route-preloads.ts`: a visitor's detail page). Taken at most once, and only for the same URL
 * and language: anything else is asked for as usual.
 */
export interface EarlyCall {
  url: string;
  lang: string;
  /** The envelope's `data`, once a successful answer has arrived. */
  data?: unknown;
  /** Settles with `data`, or with undefined when the call failed or was refused. */
  promise?: Promise<unknown>;
}

const scope = globalThis as { __fcEarly?: EarlyCall };

export function takeEarlyCall(url: string, lang: string): EarlyCall | undefined {
  const early = scope.__fcEarly;
  if (!early || early.url !== url || early.lang !== lang) return undefined;
  scope.__fcEarly = undefined;
  return early;
}
