/** Placeholder shapes shown while content loads, or as the quiet backdrop of an empty shelf. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`skeleton rounded-lg ${className}`} />;
}

/** The silhouette of a catalogue card: 16:9 cover, title, meta line and price. */
export function CardSkeleton({ animated = true }: { animated?: boolean }) {
  const block = animated ? 'skeleton' : 'bg-surface-2';
  return (
    <div aria-hidden className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div className={`aspect-video ${block}`} />
      <div className="space-y-2.5 p-3 sm:p-4">
        <div className={`h-4 w-4/5 rounded ${block}`} />
        <div className={`h-3 w-1/2 rounded ${block}`} />
        <div className="flex items-center justify-between pt-2">
          <div className={`h-5 w-16 rounded ${block}`} />
          <div className={`h-3 w-10 rounded ${block}`} />
        </div>
      </div>
    </div>
  );
}

/** A grid of card silhouettes. */
export function CardGridSkeleton({ count = 8, animated = true }: { count?: number; animated?: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        <CardSkeleton key={index} animated={animated} />
      ))}
    </div>
  );
}
