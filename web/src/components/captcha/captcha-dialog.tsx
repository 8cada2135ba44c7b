import { translate, type ClientMessageKey } from '@framecraft/contracts/client-messages';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { getLanguage } from '../../stores/language.ts';
import { ClickCaptcha, type SolvedCaptcha } from './click-captcha.tsx';

const t = (key: string) => translate(getLanguage(), `verify.${key}` as ClientMessageKey);

/** The click captcha in a modal card (overlay z-index 3000, spec §9); closes with Escape or the backdrop. */
export function CaptchaDialog({ open, onClose, onSolved }: { open: boolean; onClose: () => void; onSolved: (solved: SolvedCaptcha) => void }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[3000] flex items-center justify-center bg-black/55 p-4 backdrop-blur-sm" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby="captcha-title" data-testid="captcha-dialog" className="w-full max-w-[398px] rounded-2xl border border-line bg-surface p-6 shadow-2xl">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="captcha-title" className="text-base font-semibold text-ink">
            {t('captcha.title')}
          </h2>
          <button type="button" onClick={onClose} aria-label={t('captcha.close')} className="inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink">
            ✕
          </button>
        </div>
        <ClickCaptcha onSolved={onSolved} />
      </div>
    </div>,
    document.body,
  );
}
