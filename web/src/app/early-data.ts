/**
 * A storefront call that index.html's inline script started before the app's code arrived
 * (`web/route-preloads.ts`: a visitor's start-up call, detail, home, login settings; the plain
 * list). Taken at most once, and only for the same URL and language: anything else is asked for
 * as usual.
 */
export interface EarlyCall {
  url: string;
  lang: string;
  /** The envelope's `data`, once a successful answer has arrived. */
  data?: unknown;
  /** Settles with `data`, or with undefined when the call failed or was refused. */
  promise?: Promise<unknown>;
}

const scope = globalThis as { __fcEarly?: Record<string, EarlyCall | undefined> };

/**
 * What a loader makes of an early call: its answer when it has arrived, else a first fetch that
 * waits for it and asks again through `ask` (the request layer, which shows why) when it failed.
 */
export function earlyAnswer<T>(early: EarlyCall | undefined, ask: () => Promise<T>): { data: T } | { fetch: () => Promise<T> } | undefined {
  if (early?.data !== undefined) return { data: early.data as T };
  const pending = early?.promise;
  return pending ? { fetch: async () => ((await pending) as T | undefined) ?? ask() } : undefined;
}

export function takeEarlyCall(url: string, lang: string): EarlyCall | undefined {
  const early = scope.__fcEarly?.[url];
  if (!early || early.lang !== lang) return undefined;
  delete scope.__fcEarly![url];
  return early;
}
