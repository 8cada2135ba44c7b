import { z } from './zod.ts';

/** Every API answer (conventions "Envelope and codes"). `time` is epoch seconds. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export const envelopeSchema = z.object({
  code: z.number(),
  msg: z.string(),
  time: z.number(),
  data: z.unknown(),
});

/** `data` of a 302 answer. */
export interface RedirectData {
  routePath?: string;
  routeName?: string;
}

/** `data` of a 303 answer. */
export interface LoginStateData {
  type: 'need login' | 'logged in';
}

/** Field-level validation errors: field path → message, in the request's language. */
export type FieldErrors = Record<string, string>;
