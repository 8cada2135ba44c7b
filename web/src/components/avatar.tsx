/** A member's picture, or the first letter of their name on a soft gradient. */
export function Avatar({ src, name, className = 'size-8 text-sm' }: { src?: string; name: string; className?: string }) {
  if (src) return <img src={src} alt="" className={`${className} shrink-0 rounded-full object-cover ring-1 ring-line-strong`} />;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span aria-hidden className={`${className} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-amber-400 to-rose-500 font-semibold text-white`}>
      {initial}
    </span>
  );
}
