/**
 * A soft warm light behind a section: a radial gradient (cheap to paint, no blur filter, no
 * banding). Place and size it with `className`; it sits behind the content (-z-10).
 */
export function Glow({ className, strength = 1 }: { className: string; strength?: number }) {
  const alpha = (value: number) => (value * strength).toFixed(3);
  return (
    <div
      aria-hidden
      className={`pointer-events-none absolute -z-10 ${className}`}
      style={{
        background: `radial-gradient(closest-side, rgb(251 146 60 / ${alpha(0.24)}), rgb(244 63 94 / ${alpha(0.1)}) 60%, transparent)`,
      }}
    />
  );
}
