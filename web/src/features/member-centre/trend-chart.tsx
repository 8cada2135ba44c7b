/**
 * A small bar chart of the 7-day series, drawn as SVG (a chart library would cost more than the
 * member centre itself). Bars scale to the largest absolute value; negative days hang below zero.
 */
export interface TrendChartProps {
  /** `yyyy-mm-dd`, oldest first. */
  days: string[];
  values: number[];
  /** How a value is written (labels and the accessible description). */
  format: (value: number) => string;
  label: string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 24, bottom: 28, side: 8 };

export function TrendChart({ days, values, format, label }: TrendChartProps) {
  const max = Math.max(...values.map((v) => Math.abs(v)), 0);
  const hasNegative = values.some((v) => v < 0);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  // Zero sits at the bottom unless something went below it, then in the middle.
  const zeroY = PAD.top + (hasNegative ? plotHeight / 2 : plotHeight);
  const scale = max === 0 ? 0 : (hasNegative ? plotHeight / 2 : plotHeight) / max;
  const slot = (WIDTH - PAD.side * 2) / Math.max(days.length, 1);
  const barWidth = Math.min(36, slot * 0.56);

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${days.map((d, i) => `${d} ${format(values[i] ?? 0)}`).join(', ')}`}
      className="h-auto w-full"
      data-testid="trend-chart"
    >
      <line x1={PAD.side} x2={WIDTH - PAD.side} y1={zeroY} y2={zeroY} stroke="var(--fc-line-strong)" />
      {days.map((day, i) => {
        const value = values[i] ?? 0;
        const height = Math.max(Math.abs(value) * scale, value === 0 ? 0 : 2);
        const x = PAD.side + slot * i + (slot - barWidth) / 2;
        const y = value >= 0 ? zeroY - height : zeroY;
        const isToday = i === days.length - 1;
        return (
          <g key={day}>
            <title>{`${day}: ${format(value)}`}</title>
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={height}
              rx={Math.min(6, barWidth / 4)}
              fill={value < 0 ? 'var(--fc-faint)' : 'var(--fc-accent)'}
              opacity={isToday ? 1 : 0.55}
            />
            {value !== 0 && (
              <text x={x + barWidth / 2} y={value >= 0 ? y - 6 : y + height + 14} textAnchor="middle" fontSize="12" fill="var(--fc-ink)" className="tabular-nums">
                {format(value)}
              </text>
            )}
            <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill={isToday ? 'var(--fc-ink)' : 'var(--fc-muted)'}>
              {day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
