import { join, resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../shared/paths.ts';

/** Every setting the server reads from the environment, with its default. README lists the same table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  REDIS_PREFIX: z.string().min(1).default('framecraft:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; webDistDir: string };

export class ConfigError extends Error {}

/** Parse the environment; a bad value becomes one line that names the setting. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: resolve(env.DATA_DIR),
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(repoRoot, 'web', 'dist')),
  };
}

