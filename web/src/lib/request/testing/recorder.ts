import { configureRequest, type RouteTarget } from '../index.ts';

/** What the request layer did to the app shell: navigations and toasts, plus a settable current path. */
export interface ShellRecorder {
  pathname: string;
  navigations: RouteTarget[];
  successes: string[];
  errors: string[];
}

/** Configure the request layer against `baseUrl` with a fresh recorder standing in for the app shell. */
export function configureForTest(baseUrl: string, pathname = '/'): ShellRecorder {
  const recorder: ShellRecorder = { pathname, navigations: [], successes: [], errors: [] };
  configureRequest({
    baseUrl,
    getPathname: () => recorder.pathname,
    navigate: (target) => void recorder.navigations.push(target),
    toast: {
      success: (msg) => void recorder.successes.push(msg),
      error: (msg) => void recorder.errors.push(msg),
    },
  });
  return recorder;
}
