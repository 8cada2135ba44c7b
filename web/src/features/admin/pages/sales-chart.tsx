import { BarController, BarElement, CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { theme } from 'antd';
import { useEffect, useRef } from 'react';

// Only what the two charts draw (tree-shaken Chart.js, decision 042).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Filler);

export interface SalesChartProps {
  kind: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** Tooltip and axis text of a value (e.g. cents as ¥). */
  format?: (value: number) => string;
  label: string;
  testId?: string;
  /** Axis top while every value is 0. */
  emptyMax?: number;
}

/**
 * One dashboard chart (Chart.js on a canvas), coloured from the antd theme tokens so it reads in
 * light and dark mode; redrawn when the theme or data change. Lazily loaded with the dashboard.
 */
export default function SalesChart({ kind, labels, values, format = String, label, testId, emptyMax = 5 }: SalesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: labels.map((d) => d.slice(5)),
        datasets: [
          {
            label,
            data: values,
            backgroundColor: kind === 'bar' ? token.colorPrimary : `${token.colorPrimary}33`,
            borderColor: token.colorPrimary,
            borderRadius: 4,
            fill: kind === 'line',
            tension: 0.3,
            pointRadius: 2,
            pointBackgroundColor: token.colorPrimary,
            pointHoverRadius: 4,
            hoverBackgroundColor: kind === 'bar' ? token.colorPrimaryHover : undefined,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // Every colour from the antd tokens: Chart.js's own defaults (grey text, black tooltip) ignore the theme.
        color: token.colorText,
        borderColor: token.colorBorderSecondary,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          tooltip: {
            backgroundColor: token.colorBgElevated,
            titleColor: token.colorText,
            bodyColor: token.colorTextSecondary,
            borderColor: token.colorBorder,
            borderWidth: 1,
            padding: 10,
            cornerRadius: token.borderRadius,
            displayColors: false,
            titleFont: { family: token.fontFamily, weight: 'bold' },
            bodyFont: { family: token.fontFamily },
            callbacks: { title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '', label: (item) => `${label}: ${format(Number(item.raw))}` },
          },
        },
        scales: {
          x: { ticks: { color: token.colorTextSecondary, maxRotation: 0, autoSkipPadding: 8, font: { family: token.fontFamily } }, grid: { display: false }, border: { color: token.colorBorder } },
          // An empty series still gets a readable axis (¥0–¥1 or 0–5) instead of 0–0.01.
          y: { beginAtZero: true, suggestedMax: values.some((v) => v > 0) ? undefined : emptyMax, ticks: { color: token.colorTextSecondary, callback: (v) => format(Number(v)), precision: 0, font: { family: token.fontFamily } }, grid: { color: token.colorBorderSecondary }, border: { display: false } },
        },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, values, format, label, emptyMax, token]);
  return (
    <div className="relative h-56" data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
