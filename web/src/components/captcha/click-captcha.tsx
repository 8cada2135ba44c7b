import { translate, type ClientMessageKey } from '@framecraft/contracts/client-messages';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { request } from '../../lib/request/index.ts';
import { getLanguage } from '../../stores/language.ts';
import { RefreshIcon } from '../icons.tsx';

/** What a call that requires a solved captcha sends along. */
export interface SolvedCaptcha {
  captchaId: string;
  captchaInfo: string;
}

interface Challenge {
  id: string;
  text: string[];
  base64: string;
  width: number;
  height: number;
}

type Status = 'loading' | 'ready' | 'checking' | 'success' | 'wrong' | 'loadFailed';

const t = (key: string) => translate(getLanguage(), `verify.${key}` as ClientMessageKey);

/**
 * The click captcha (spec §5): the server's image, the characters to click in order, a numbered
 * mark per click, a refresh button and the spec's messages. Framework-free apart from React and
 * Tailwind, so the storefront and the admin login share it.
 */
export function ClickCaptcha({ onSolved }: { onSolved: (solved: SolvedCaptcha) => void }) {
  const [challenge, setChallenge] = useState<Challenge>();
  const [clicks, setClicks] = useState<{ x: number; y: number }[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    setStatus('loading');
    setClicks([]);
    try {
      const answer = await request<Challenge>({ url: '/api/common/clickCaptcha', showErrorMessage: false });
      setChallenge(answer.data);
      setStatus('ready');
    } catch {
      setStatus('loadFailed');
    }
  }, []);

  useEffect(() => {
    void load();
    return () => clearTimeout(timer.current);
  }, [load]);

  async function click(event: MouseEvent<HTMLButtonElement>) {
    if (!challenge || status !== 'ready') return;
    const box = event.currentTarget.getBoundingClientRect();
    const point = { x: Math.round(event.clientX - box.left), y: Math.round(event.clientY - box.top) };
    const next = [...clicks, point];
    setClicks(next);
    if (next.length < challenge.text.length) return;
    const info = `${next.map((p) => `${p.x},${p.y}`).join('-')};${Math.round(box.width)};${Math.round(box.height)}`;
    setStatus('checking');
    try {
      await request({ url: '/api/common/checkClickCaptcha', method: 'POST', data: { id: challenge.id, info, unset: false }, showErrorMessage: false });
      setStatus('success');
      timer.current = setTimeout(() => onSolved({ captchaId: challenge.id, captchaInfo: info }), 500);
    } catch {
      // A wrong answer uses the image up on the server: show the message, then a new image.
      setStatus('wrong');
      timer.current = setTimeout(() => void load(), 1200);
    }
  }

  const message =
    status === 'success' ? t('captchaSuccess') : status === 'wrong' ? t('captchaWrong') : status === 'loadFailed' ? t('captchaLoadFailed') : status === 'checking' ? t('captcha.checking') : '';

  return (
    <div data-testid="click-captcha" className="w-full max-w-[350px] select-none">
      <div className="mb-3 flex min-h-8 flex-wrap items-center gap-1.5 text-sm text-muted">
        <span>{t('captcha.prompt')}</span>
        {challenge?.text.map((item, i) => (
          <span
            key={`${challenge.id}-${i}`}
            data-testid="captcha-target"
            className={`inline-flex h-7 min-w-7 items-center justify-center rounded-md border px-1.5 font-semibold transition-colors ${
              i < clicks.length ? 'border-accent bg-accent text-accent-ink' : 'border-line-strong bg-surface-2 text-ink'
            }`}
          >
            {item}
          </span>
        ))}
      </div>
      <div className="relative overflow-hidden rounded-xl border border-line bg-surface-2" style={{ aspectRatio: `${challenge?.width ?? 350} / ${challenge?.height ?? 200}` }}>
        {challenge && status !== 'loadFailed' && (
          <button type="button" onClick={click} data-testid="captcha-image" className="absolute inset-0 block size-full cursor-crosshair" aria-label={t('captcha.imageAlt')}>
            <img src={challenge.base64} alt="" draggable={false} className="size-full object-fill" />
          </button>
        )}
        {clicks.map((p, i) => (
          <span
            key={i}
            aria-hidden
            className="pointer-events-none absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-accent text-xs font-bold text-accent-ink shadow-lg"
            style={{ left: p.x, top: p.y }}
          >
            {i + 1}
          </span>
        ))}
        {status === 'loading' && <div className="absolute inset-0 animate-pulse bg-surface-2" aria-label={t('captcha.loading')} />}
        {status === 'loadFailed' && (
          <button type="button" onClick={() => void load()} className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted hover:text-ink">
            <RefreshIcon className="text-2xl" />
            {message}
          </button>
        )}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <p
          role="status"
          data-testid="captcha-message"
          className={`min-h-5 text-sm ${status === 'success' ? 'text-emerald-500' : status === 'wrong' ? 'text-red-500' : 'text-muted'}`}
        >
          {status === 'loadFailed' ? '' : message}
        </p>
        <button
          type="button"
          onClick={() => void load()}
          data-testid="captcha-refresh"
          title={t('captcha.refresh')}
          aria-label={t('captcha.refresh')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg text-muted transition-colors hover:bg-surface-2 hover:text-ink"
        >
          <RefreshIcon />
        </button>
      </div>
    </div>
  );
}
