import type { ReactNode } from 'react';

/** A calm, centred "nothing here" block: icon, title, explanation and optional actions. */
export function EmptyState({
  icon,
  title,
  description,
  actions,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="mx-auto flex max-w-md flex-col items-center px-6 py-12 text-center">
      {icon && (
        <div className="mb-5 grid size-14 place-items-center rounded-2xl border border-line bg-surface-2 text-2xl text-muted shadow-inner">
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {description && <p className="mt-2 text-sm leading-relaxed text-muted">{description}</p>}
      {actions && <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
    </div>
  );
}
