/**
 * A small bar chart of the 7-day series in plain HTML (a chart library would cost more than the
 * member centre itself, and real text stays readable at any width). Bars scale to the largest
 * absolute value; a day that went below zero is drawn muted with its minus sign.
 */
export interface TrendChartProps {
  /** `yyyy-mm-dd`, oldest first. */
  days: string[];
  values: number[];
  /** How a value is written (labels and the accessible description). */
  format: (value: number) => string;
  label: string;
  /** Shown over the empty axis when nothing changed in those days. */
  empty: string;
}

export function TrendChart({ days, values, format, label, empty }: TrendChartProps) {
  const max = Math.max(...values.map((v) => Math.abs(v)), 0);
  return (
    <figure className="m-0" data-testid="trend-chart">
      <figcaption className="sr-only">{`${label}: ${days.map((d, i) => `${d} ${format(values[i] ?? 0)}`).join(', ')}`}</figcaption>
      <div aria-hidden className="relative flex h-48 items-end gap-2 border-b border-line-strong sm:gap-4">
        {max === 0 && <p className="absolute inset-0 m-0 grid place-items-center text-sm text-muted">{empty}</p>}
        {days.map((day, i) => {
          const value = values[i] ?? 0;
          const percent = max === 0 ? 0 : Math.max((Math.abs(value) / max) * 100, 3);
          const isToday = i === days.length - 1;
          return (
            <div key={day} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1" title={`${day}: ${format(value)}`}>
              {value !== 0 && <span className="truncate text-[0.7rem] text-ink tabular-nums sm:text-xs">{format(value)}</span>}
              <div
                className={`w-full max-w-10 rounded-t-md ${value < 0 ? 'bg-faint' : 'bg-accent'} ${isToday ? '' : 'opacity-55'}`}
                style={{ height: `${percent * 0.82}%` }}
              />
            </div>
          );
        })}
      </div>
      <div aria-hidden className="mt-2 flex gap-2 sm:gap-4">
        {days.map((day, i) => (
          <span key={day} className={`min-w-0 flex-1 text-center text-[0.7rem] tabular-nums sm:text-xs ${i === days.length - 1 ? 'font-medium text-ink' : 'text-muted'}`}>
            {day.slice(5)}
          </span>
        ))}
      </div>
    </figure>
  );
}
