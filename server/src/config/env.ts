import { join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../shared/paths.ts';

/** A whole number within bounds, written as digits only ("8000", not "8e3" or "8000abc"). */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);

const urlWithProtocols = (kind: string, protocols: string[], example: string) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    message: `must be a ${kind} URL such as ${example}`,
  });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/**
 * Fastify's trustProxy: true/false, a number of proxy hops, or a comma-separated list of
 * proxy addresses / CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .refine((v) => /^(true|false|\d{1,2}|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/.test(v), {
    message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
  })
  .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
    if (v === 'true' || v === 'false') return v === 'true';
    // Trust the first n hops, as Fastify does for a number.
    if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v);
    return v;
  });

/**
 * PGlite's own default (128MB) keeps about 300 MB resident before the first request. Its data files
 * go through the operating system's file cache anyway, so a small buffer pool costs little for a
 * single shop and keeps the process lean: 1MB (128 pages) is 15 MB less resident than 16MB (decision 017).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '1MB';

/** Every setting the server reads from the environment, with its default. README lists the same table. */
const envSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65_535).default(8000),
  HOST: z
    .string()
    .trim()
    .regex(/^[^\s/]+$/, 'must be a host name or IP address to listen on, such as 0.0.0.0 or 127.0.0.1')
    .default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlWithProtocols('PostgreSQL', ['postgres:', 'postgresql:'], 'postgres://user:password@127.0.0.1:5432/framecraft').optional(),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'must be a size such as 16MB or 256MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  /** '1' lets V8 optimise PGlite's WebAssembly hot paths: faster heavy queries, ~60 MB more resident (decision 016). */
  PGLITE_WASM_OPTIMIZE: oneOf(['0', '1']).default('0'),
  REDIS_URL: urlWithProtocols('Redis', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  REDIS_PREFIX: z.string().regex(/^\S+$/, 'must not contain spaces').default('framecraft:'),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_MAX: wholeNumber(1, 1_000_000_000).default(600),
  RATE_LIMIT_WINDOW_MS: wholeNumber(1, 86_400_000).default(60_000),
  BODY_LIMIT_BYTES: wholeNumber(1, 1_073_741_824).default(1_048_576),
  /** How long public catalogue answers (list, home, filters, VIP tiers) are reused; 0 = not at all (decision 008). */
  CATALOGUE_CACHE_TTL_MS: wholeNumber(0, 3_600_000).default(10_000),
  /** How often each instance looks for due background jobs (decision 020). */
  JOBS_POLL_MS: wholeNumber(100, 3_600_000).default(5_000),
  /** How long in-flight requests may take to finish after SIGTERM before connections are cut. */
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  /** Password of the super admin created at first start (otherwise a random one is printed once). */
  ADMIN_INITIAL_PASSWORD: z
    .string()
    .regex(/^[^&<>"']{6,32}$/, 'must be 6 to 32 characters without & < > " \'')
    .optional(),
  /** Bearer token a Prometheus scraper sends to `GET /metrics`; without it the endpoint answers only outside production (issue 22). */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 visible ASCII characters').optional(),
  /** The web terminal's named npm registries, `name=https://…` comma-separated (set-npm-registry.<name>; decision 044). */
  TERMINAL_NPM_REGISTRIES: z.string().regex(/^(\s*[a-zA-Z][\w-]{0,30}=https?:\/\/[^\s,]+\s*)(,\s*[a-zA-Z][\w-]{0,30}=https?:\/\/[^\s,]+\s*)*$/, 'must be name=https://… pairs separated by commas').optional(),
  /** Where the code generator writes the source it emits (decision 045); default the project folder. Tests point it at a temporary folder. */
  GENERATOR_OUTPUT_DIR: z.string().optional(),
  /** Registers routes that only tests use (e.g. a slow request); honoured only with NODE_ENV=test. */
  FRAMECRAFT_TEST_ROUTES: oneOf(['0', '1']).default('0'),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'FRAMECRAFT_TEST_ROUTES'> & {
  dataDir: string;
  webDistDir: string;
  testRoutes: boolean;
};

/** Settings whose values may hold passwords: named in errors, never echoed. */
const SECRET_SETTINGS = new Set(['DATABASE_URL', 'REDIS_URL', 'ADMIN_INITIAL_PASSWORD', 'METRICS_TOKEN']);

/** A bad setting; `message` is the one line printed before the server exits with code 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse the environment; a bad value becomes one line that names the setting. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty value means "not set" (e.g. `PORT=` in a .env file), so the default applies.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const shown = SECRET_SETTINGS.has(name) ? name : `${name}=${JSON.stringify(source[name] ?? '')}`;
    throw new ConfigError(`Invalid setting ${shown}: ${issue.message}`);
  }
  const { FRAMECRAFT_TEST_ROUTES, ...env } = result.data;
  return {
    ...env,
    dataDir: resolve(env.DATA_DIR),
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(repoRoot, 'web', 'dist')),
    GENERATOR_OUTPUT_DIR: env.GENERATOR_OUTPUT_DIR === undefined ? undefined : resolve(env.GENERATOR_OUTPUT_DIR),
    testRoutes: env.NODE_ENV === 'test' && FRAMECRAFT_TEST_ROUTES === '1',
  };
}
