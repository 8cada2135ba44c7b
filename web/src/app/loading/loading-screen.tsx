import type { ReactNode } from 'react';
import { LogoMark } from '../../components/logo.tsx';

/** The full-area "getting things ready" view of the loading routes, or their failure. */
export function LoadingScreen({ label, failure }: { label: string; failure?: ReactNode }) {
  return (
    <div data-testid="loading-screen" className="grid min-h-[60dvh] place-items-center px-4">
      {failure ?? (
        <div className="flex flex-col items-center gap-5" aria-busy>
          <div className="relative">
            <span className="absolute inset-0 animate-ping rounded-[10px] bg-accent/30" />
            <LogoMark className="relative size-11" />
          </div>
          <p className="text-sm text-muted">{label}</p>
        </div>
      )}
    </div>
  );
}
