import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** Below this a navigation counts as instant and shows no bar (no flicker on cached pages). */
const SHOW_AFTER_MS = 120;
const FINISH_MS = 320;

type Phase = 'idle' | 'running' | 'finishing';

/**
 * A slim bar at the top while the router is busy (lazy page code, translations, loaders):
 * it creeps towards 90% while loading, then fills and fades out.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  phaseRef.current = phase;

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), SHOW_AFTER_MS);
      return () => clearTimeout(timer);
    }
    if (phaseRef.current !== 'running') return;
    setPhase('finishing');
    const timer = setTimeout(() => setPhase('idle'), FINISH_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="loading"
      data-testid="navigation-progress"
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[10000] h-0.5"
    >
      <div
        className={`h-full origin-left bg-gradient-to-r from-amber-400 via-accent to-rose-500 shadow-[0_0_10px_var(--fc-accent)] ${
          phase === 'running'
            ? 'animate-[fc-progress_8s_cubic-bezier(0.08,0.8,0.2,1)_forwards]'
            : 'scale-x-100 opacity-0 transition-[opacity,transform] duration-300'
        }`}
      />
    </div>
  );
}
