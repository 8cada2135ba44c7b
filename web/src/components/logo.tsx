/** The brand mark: a film-frame "F" on the accent gradient. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <defs>
        <linearGradient id="fc-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="0.55" stopColor="#f97316" />
          <stop offset="1" stopColor="#e11d48" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#fc-logo)" />
      <path d="M10 8.5h12.5v4H14.5v3h6.5v4h-6.5v4.5H10z" fill="#fff" />
      <circle cx="24" cy="23" r="1.6" fill="#fff" opacity="0.85" />
    </svg>
  );
}
