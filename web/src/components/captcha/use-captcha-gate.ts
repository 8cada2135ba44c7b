import { useCallback, useRef, useState } from 'react';
import type { SolvedCaptcha } from './click-captcha.tsx';

/**
 * Run an action after the visitor solves a captcha: `gate(action)` opens the dialog and calls
 * `action(solved)` once it is solved. Spread `dialogProps` on <CaptchaDialog>.
 */
export function useCaptchaGate() {
  const [open, setOpen] = useState(false);
  const pending = useRef<(solved: SolvedCaptcha) => void>(undefined);
  const gate = useCallback((action: (solved: SolvedCaptcha) => void) => {
    pending.current = action;
    setOpen(true);
  }, []);
  const onClose = useCallback(() => setOpen(false), []);
  const onSolved = useCallback((solved: SolvedCaptcha) => {
    setOpen(false);
    pending.current?.(solved);
  }, []);
  return { gate, dialogProps: { open, onClose, onSolved } };
}

/**
 * A login refused because the account now needs the click captcha (decision 027: after a few
 * failures the server asks for it, `data.captcha` in the envelope): solve it and try again.
 */
export function asksForCaptcha(error: unknown): boolean {
  const data = (error as { envelope?: { data?: unknown } } | undefined)?.envelope?.data;
  return typeof data === 'object' && data !== null && (data as { captcha?: unknown }).captcha === true;
}
