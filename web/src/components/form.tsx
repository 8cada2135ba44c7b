import type { ClientMessageKey } from '@framecraft/contracts/client-messages';
import { translate } from '@framecraft/contracts/client-messages';
import { useId, type ComponentProps, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { getLanguage } from '../stores/language.ts';

/** The translated message of the first rule `value` breaks (contracts' schemas fail with message keys), or ''. */
export function validationMessage(schema: ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) return '';
  return translate(getLanguage(), (result.error.issues[0]?.message ?? 'validation.invalidValue') as ClientMessageKey);
}

const INPUT =
  'h-11 w-full rounded-xl border bg-surface-2/60 px-3.5 text-[0.95rem] text-ink placeholder:text-faint outline-none transition-[border-color,box-shadow] focus:border-accent focus:ring-4 focus:ring-glow aria-[invalid=true]:border-red-500/70 aria-[invalid=true]:focus:ring-red-500/15';

/** A labelled input with its validation message underneath. */
export function TextField({
  label,
  error,
  icon,
  ...input
}: { label: ReactNode; error?: string; icon?: ReactNode } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        {icon && <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted">{icon}</span>}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} ${icon ? 'pl-10' : ''} ${error ? 'border-red-500/70' : 'border-line-strong'}`}
          {...input}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" data-testid={`${input.name ?? 'field'}-error`} className="text-xs leading-relaxed text-red-500">
          {error}
        </p>
      )}
    </div>
  );
}

/** A native checkbox with a label, tinted with the accent colour. */
export function CheckboxField({ label, ...input }: { label: ReactNode } & ComponentProps<'input'>) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-muted select-none">
      <input type="checkbox" className="size-4 rounded accent-[var(--fc-accent)]" {...input} />
      {label}
    </label>
  );
}
