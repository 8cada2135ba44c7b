import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Route preloads (decision 043, "first paint"): a storefront page is drawn only after its lazily
 * loaded code and its texts have arrived, and the browser learns of those only when the entry has
 * run — one or two round trips after the HTML. At build time this plugin writes, into index.html,
 * a small inline script that asks for them at once (`<link rel="modulepreload">`): the language's
 * shell texts, and for the page being opened its route chunk, that chunk's imports and its texts.
 * The language is the one the theme bootstrap just set on <html> (the stored choice), so a visitor
 * downloads only their own texts. The server's CSP allows the script by its hash, like the theme's.
 *
 * On a detail page (`/course/:id`, `/course2/:id`) a visitor's data call starts here too, with the
 * headers the request layer sends, and the cover is asked for as soon as it is known: the app's
 * loader finds the answer waiting (`web/src/app/early-data.ts`) and the page's first picture is the
 * item, not a skeleton (issue 21). A member's detail is their own (price, access): their page asks
 * as before. The plain `/list`'s first page is the same for everybody, so it starts here for all.
 * A `<link rel="preload" as="fetch">` cannot do this: it cannot send the headers.
 */

export interface StorefrontRoute {
  /** The route's path as written in routes.tsx ('' for the index). */
  path: string;
  /** The page module, relative to routes.tsx. */
  module: string;
  namespaces: string[];
}

/**
 * The storefront's page routes from the source of routes.tsx: the children of the `storefront`
 * layout declared on one line as `page(() => import('…'), [namespaces])`. Thrown when none are
 * found, so a reshaped routes file fails the build instead of silently losing the preloads.
 */
export function storefrontRoutes(source: string): StorefrontRoute[] {
  const start = source.indexOf("id: 'storefront'");
  const end = source.indexOf("path: 'user'", start);
  if (start < 0 || end < 0) throw new Error("route-preloads: routes.tsx has no `id: 'storefront'` block ending at `path: 'user'`");
  const block = source.slice(start, end);
  const routes: StorefrontRoute[] = [];
  const line = /\{ (?:index: true|path: '([^']*)'),[^\n]*?lazy: page\(\(\) => import\('([^']+)'\)(?:, \[([^\]]*)\])?\)/g;
  for (const match of block.matchAll(line)) {
    routes.push({ path: match[1] ?? '', module: match[2]!, namespaces: [...(match[3] ?? '').matchAll(/'([^']+)'/g)].map((ns) => ns[1]!) });
  }
  if (!routes.some((route) => route.path === '')) throw new Error('route-preloads: no storefront index route found in routes.tsx');
  return routes;
}

/** A route path as a regular expression source over `location.pathname`. */
export function pathPattern(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.endsWith('?') ? '(?:/[^/]+)?' : segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return `^${segments.join('')}/?$`;
}

export interface PreloadOptions {
  /** Absolute path of routes.tsx. */
  routesFile: string;
  languages: readonly string[];
  /** Namespaces whose pages need no form messages (web lib/i18n.ts). */
  browsingNamespaces: ReadonlySet<string>;
  /** What the early detail call needs: the member store's storage key and the API's header names. */
  early: EarlyCallOptions;
}

export interface EarlyCallOptions {
  memberStorageKey: string;
  langHeader: string;
  serverHeader: string;
}

/**
 * The early calls (see above), kept on `window.__fcEarly` by URL: on a storefront page a visitor's
 * start-up call (`/api/index/index`, which the entry makes anyway) and, by page, a visitor's detail,
 * the plain `/list`'s first page (the same for everybody, with its first cover asked for), the home
 * sections (the same for everybody) and a visitor's login settings. `r` is the matched storefront
 * route (undefined elsewhere: the back office and the member centre ask as before).
 */
function earlyCallScript(): string {
  return (
    `var s={},v,c=[],d=/^\\/course2?\\/([1-9]\\d{0,8})\\/?$/.exec(p);` +
    `try{s=JSON.parse(localStorage.getItem(t.early.memberStorageKey)||"{}").state||{}}catch(x){}v=!(s.id&&s.token);` +
    `if(r&&v)c.push("/api/index/index");` +
    `if(d&&v)c.push("/api/catalogue/detail?id="+d[1]);else if(/^\\/list\\/?$/.test(p)&&!location.search)c.push("/api/catalogue/list?page=1");` +
    `else if(p==="/")c.push("/api/catalogue/home");else if(/^\\/login\\/?$/.test(p)&&v)c.push("/api/user/checkIn");` +
    `if(c.length&&window.fetch){window.__fcEarly={};c.forEach(function(u){var h={},e={url:u,lang:l};h[t.early.serverHeader]="true";h[t.early.langHeader]=l;` +
    `e.promise=fetch(u,{headers:h}).then(function(a){return a.json()}).then(function(b){if(!b||b.code!==1||!b.data)return;e.data=b.data;` +
    `var g=b.data.cover||b.data.list&&b.data.list[0]&&b.data.list[0].cover;if(g)new Image().src=g;return b.data},function(){});window.__fcEarly[u]=e})}`
  );
}

export function preloadScript(table: { files: string[]; shell: Record<string, number[]>; routes: [string, number[], Record<string, number[]>][]; early: EarlyCallOptions }): string {
  return (
    `(function(t){var l=document.documentElement.lang==="en"?"en":"zh-cn",p=location.pathname,w=t.shell[l].slice();` +
    `var r;for(var i=0;i<t.routes.length;i++)if(new RegExp(t.routes[i][0]).test(p)){r=t.routes[i];w=w.concat(r[1],r[2][l]);break}` +
    `for(var j=0;j<w.length;j++){var e=document.createElement("link");e.rel="modulepreload";e.href="/assets/"+t.files[w[j]];document.head.appendChild(e)}` +
    earlyCallScript() +
    `})(${JSON.stringify(table)})`
  );
}

export function routePreloadPlugin(options: PreloadOptions): Plugin {
  return {
    name: 'framecraft:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const byModule = (test: (id: string) => boolean) => chunks.find((chunk) => chunk.facadeModuleId && test(chunk.facadeModuleId.replace(/\\/g, '/')));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the entry loads anyway (index.html's script and its modulepreloads).
        const loaded = new Set<string>();
        const addClosure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) addClosure(imported, into);
        };
        for (const chunk of chunks.filter((chunk) => chunk.isEntry)) addClosure(chunk.fileName, loaded);

        const files: string[] = [];
        const indexOf = (fileName: string) => {
          const at = files.indexOf(fileName);
          return at >= 0 ? at : files.push(fileName) - 1;
        };
        /** A chunk and its static imports, less what the entry already loads. */
        const preloadsOf = (chunk: Rollup.OutputChunk | undefined, what: string) => {
          if (!chunk) throw new Error(`route-preloads: no chunk for ${what}`);
          const closure = new Set<string>();
          addClosure(chunk.fileName, closure);
          return [...closure].filter((fileName) => !loaded.has(fileName)).map(indexOf);
        };
        const locale = (language: string, namespace: string) =>
          preloadsOf(
            byModule((id) => id.endsWith(`/src/locales/${language}/${namespace}.json`)),
            `${language}/${namespace}`,
          );
        const clientMessages = (language: string, part: 'core' | 'forms') =>
          preloadsOf(
            byModule((id) => id.endsWith(`/contracts/src/client-${part}-${language}.ts`)),
            `client-${part}-${language}`,
          );

        const shell = Object.fromEntries(options.languages.map((language) => [language, [...locale(language, 'common'), ...clientMessages(language, 'core')]]));
        const routesDir = dirname(options.routesFile);
        const routes = storefrontRoutes(readFileSync(options.routesFile, 'utf8')).map(({ path, module, namespaces }) => {
          const modulePath = resolve(routesDir, module).replace(/\\/g, '/');
          const needsForms = namespaces.length === 0 || namespaces.some((namespace) => !options.browsingNamespaces.has(namespace));
          const texts = Object.fromEntries(
            options.languages.map((language) => [
              language,
              [...namespaces.flatMap((namespace) => locale(language, namespace)), ...(needsForms ? clientMessages(language, 'forms') : [])],
            ]),
          );
          return [pathPattern(path), preloadsOf(byModule((id) => id === modulePath), module), texts] as [string, number[], Record<string, number[]>];
        });
        if (files.some((fileName) => !fileName.startsWith('assets/'))) throw new Error('route-preloads: a chunk outside assets/');
        const script = `<script>${preloadScript({ files: files.map((fileName) => fileName.slice('assets/'.length)), shell, routes, early: options.early })}</script>`;
        // Right after the theme bootstrap, which sets the language, before the entry's own tags.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route-preloads: index.html has no module script');
        return `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
      },
    },
  };
}
