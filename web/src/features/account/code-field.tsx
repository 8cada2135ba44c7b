import { addressSchema, verificationCodeSchema, type CodeEvent, type VerificationChannel } from '@framecraft/contracts/validation';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SolvedCaptcha } from '../../components/captcha/click-captcha.tsx';
import { TextField, validationMessage } from '../../components/form.tsx';
import { ShieldIcon } from '../../components/icons.tsx';
import { sendCode } from '../../components/captcha/send-code.ts';

/** Seconds between two sends to one address (the server's rule). */
const RESEND_SECONDS = 60;

interface CodeFieldProps {
  channel: VerificationChannel;
  /** The address the code goes to. */
  target: string;
  event: CodeEvent;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** Called when the address is invalid (to show its message), else undefined. */
  onTargetError: (message: string) => void;
  /** Opens the captcha, then runs the action (useCaptchaGate). */
  gate: (action: (solved: SolvedCaptcha) => void) => void;
}

/** The 6-digit code input with its "send code" button (captcha first, then a 60 s countdown). */
export function CodeField({ channel, target, event, value, error, onChange, onTargetError, gate }: CodeFieldProps) {
  const { t } = useTranslation('account');
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  function send() {
    const problem = validationMessage(addressSchema(channel), target);
    onTargetError(problem);
    if (problem) return;
    gate(async (solved) => {
      setSending(true);
      try {
        await sendCode(channel, target.trim(), event, solved);
        setWait(RESEND_SECONDS);
      } catch {
        // The request layer has shown the server's message.
      } finally {
        setSending(false);
      }
    });
  }

  return (
    <div className="flex items-start gap-2.5">
      <div className="min-w-0 flex-1">
        <TextField
          name="captcha"
          label={t('code.label')}
          placeholder={t('code.placeholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          icon={<ShieldIcon />}
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <button
        type="button"
        data-testid="send-code"
        onClick={send}
        disabled={sending || wait > 0}
        className="mt-7 h-11 shrink-0 rounded-xl border border-line-strong bg-surface px-3.5 text-sm font-medium text-ink transition-colors hover:border-accent hover:text-accent disabled:pointer-events-none disabled:opacity-60"
      >
        {sending ? t('code.sending') : wait > 0 ? t('code.resend', { seconds: wait }) : t('code.send')}
      </button>
    </div>
  );
}

export const codeMessage = (value: string) => validationMessage(verificationCodeSchema, value);
