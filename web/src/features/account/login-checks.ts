import { mobileSchema, passwordSchema, required } from '@framecraft/contracts/validation';
import { validationMessage } from '../../components/form.tsx';
import { codeMessage } from './code-field.tsx';

/**
 * The login tab's field checks. Loaded on the first interaction with the form (not with the page):
 * they bring the schema library (~23 KB compressed), which a visitor who only looks at the page
 * never needs (decision 054).
 */
const RULES = { username: required(), password: passwordSchema, mobile: mobileSchema } as const;
export type LoginField = keyof typeof RULES;

/** The message for a login field's value ('' when it is valid). */
export const loginMessage = (field: LoginField, value: string) => validationMessage(RULES[field], value);
export { codeMessage };
