import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import { validationMessage } from '../../components/form.tsx';
import { isRequestError } from '../../lib/request/index.ts';

/** An antd rule from a shared zod schema (spec §5 rules, the server's own messages). */
export const schemaRule = (schema: ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const message = validationMessage(schema, value ?? '');
    if (message) throw new Error(message);
  },
});

/** The server's field messages (`data.errors`) shown under their fields; true when there were any. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isRequestError(error)) return false;
  const errors = (error.envelope?.data as { errors?: Record<string, string> } | undefined)?.errors;
  if (!errors || !Object.keys(errors).length) return false;
  form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
  return true;
}
