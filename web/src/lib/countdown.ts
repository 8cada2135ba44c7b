import { useEffect, useState } from 'react';

/** Seconds → `m:ss`, or `h:mm:ss` from one hour on. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Seconds left until a deadline measured from the server's `expires_in` when the answer arrived
 * (`receivedAt` in ms), so a wrong clock on the device does not change the countdown.
 * Ticks every second; `onZero` runs once when it reaches zero.
 */
export function useCountdown(expiresIn: number, receivedAt: number, onZero?: () => void): number {
  const deadline = receivedAt + expiresIn * 1000;
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  useEffect(() => {
    if (left === 0 && expiresIn > 0) onZero?.();
    // Only the moment it reaches zero matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left === 0]);
  return left;
}
