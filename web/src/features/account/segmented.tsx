/** Two or three mutually exclusive choices shown as a pill switch (login method, verification channel). */
export function Segmented<T extends string>({ value, options, onChange, testId }: { value: T; options: { value: T; label: string }[]; onChange: (value: T) => void; testId?: string }) {
  return (
    <div role="tablist" data-testid={testId} className="grid auto-cols-fr grid-flow-col gap-1 rounded-full border border-line bg-surface-2/60 p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          data-testid={testId ? `${testId}-${option.value}` : undefined}
          onClick={() => onChange(option.value)}
          className={`h-9 rounded-full px-3 text-sm font-medium transition-colors ${value === option.value ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
