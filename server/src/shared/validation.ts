import type { Language } from '@framecraft/contracts/constants';
import type { FieldErrors } from '@framecraft/contracts/envelope';
import { translate } from '@framecraft/contracts/messages';
import { nulPath } from '@framecraft/contracts/validation';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** The submitted value at a field path (zod reports no input unless asked; coercion hides it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** zod issue → message in the request's language. Custom messages in schemas are message keys. */
function issueMessage(lang: Language, issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.message && /^[a-z]+\.[A-Za-z0-9.]+$/.test(issue.message)) return translate(lang, issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(valueAt(input, issue.path))
        ? translate(lang, 'validation.required')
        : issue.expected === 'number'
          ? translate(lang, 'validation.notANumber')
          : translate(lang, 'validation.invalidValue');
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? translate(lang, 'validation.required')
          : translate(lang, 'validation.tooShort', { min: issue.minimum })
        : translate(lang, 'validation.tooSmall', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? translate(lang, 'validation.tooLong', { max: issue.maximum })
        : translate(lang, 'validation.tooBig', { max: issue.maximum });
    case 'invalid_value':
      return translate(lang, 'validation.oneOf', { values: issue.values.join(', ') });
    case 'invalid_format':
      return issue.format === 'email' ? translate(lang, 'validation.email') : translate(lang, 'validation.invalidValue');
    default:
      return translate(lang, 'validation.invalidValue');
  }
}

/**
 * Parse input with a schema; failure → envelope code 0, msg = the first field's message, and
 * `data.errors` with a translated message per field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, lang: Language): z.output<S> {
  const value = input ?? {};
  // NUL is refused for every field of every schema here, in one place: PostgreSQL cannot store it
  // in text, and no form has a use for it.
  const nul = nulPath(value);
  if (nul) {
    const msg = translate(lang, 'validation.invalidCharacter');
    throw new ApiError('api.validationFailed', { data: { errors: { [nul]: msg } }, msg });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issueMessage(lang, issue, value);
  }
  throw new ApiError('api.validationFailed', { data: { errors }, msg: Object.values(errors)[0] });
}
