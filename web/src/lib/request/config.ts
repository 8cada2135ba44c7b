/** What the request layer needs from the app shell; set once with `configureRequest`. */
export interface RouteTarget {
  routePath?: string;
  routeName?: string;
}

export interface RequestEnvironment {
  navigate(target: RouteTarget): void;
  toast: { success(msg: string): void; error(msg: string): void };
  /** The current page path; decides the admin/user context and "already on the login route". */
  getPathname(): string;
  /** Only for tests and node: the app itself calls its own origin with relative URLs. */
  baseUrl?: string;
}

// Before the shell configures the layer nothing navigates; messages still reach the console.
let environment: RequestEnvironment = {
  navigate: () => {},
  toast: { success: () => {}, error: (msg) => console.error(msg) },
  getPathname: () => globalThis.location?.pathname ?? '/',
};

export function configureRequest(next: RequestEnvironment): void {
  environment = next;
}

export function getEnvironment(): RequestEnvironment {
  return environment;
}
