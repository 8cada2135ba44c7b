import type { ReactNode } from 'react';
import { CardGridSkeleton } from '../../../components/skeleton.tsx';

/**
 * An empty catalogue shelf: faint card silhouettes show where items will sit, with the
 * explanation on top. Nothing pretends to be an item.
 */
export function EmptyShelf({ count = 4, children, testId }: { count?: number; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="relative">
      <div aria-hidden className="pointer-events-none opacity-60 [mask-image:linear-gradient(to_bottom,black,transparent_95%)]">
        <CardGridSkeleton count={count} animated={false} />
      </div>
      <div className="absolute inset-0 grid place-items-center">
        <div className="rounded-2xl border border-line bg-canvas/85 shadow-xl shadow-black/10 backdrop-blur-sm">{children}</div>
      </div>
    </div>
  );
}
