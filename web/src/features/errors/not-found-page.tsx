import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { ArrowLeftIcon, HomeIcon } from '../../components/icons.tsx';
import { hasPreviousPage, useGoBack } from './use-go-back.ts';
import { Glow } from '../../components/glow.tsx';

/** Conventions "Readings": count down 5 s, then back one page, or home without one. */
export const RETURN_AFTER_SECONDS = 5;

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  const goBack = useGoBack();
  const [secondsLeft, setSecondsLeft] = useState(RETURN_AFTER_SECONDS);
  const [canGoBack] = useState(hasPreviousPage);

  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = RETURN_AFTER_SECONDS - Math.floor((Date.now() - startedAt) / 1000);
      setSecondsLeft(Math.max(left, 0));
      if (left <= 0) {
        clearInterval(timer);
        goBack();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [goBack]);

  return (
    <ErrorFrame code="404" title={t('notFound.title')} description={t('notFound.description')}>
      <p data-testid="not-found-countdown" data-seconds={secondsLeft} aria-live="polite" className="text-sm text-muted">
        {canGoBack ? t('notFound.returningBack', { count: secondsLeft }) : t('notFound.returningHome', { count: secondsLeft })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" data-testid="go-home" className={buttonClass('primary')}>
          <HomeIcon /> {t('common:action.home')}
        </Link>
        <button type="button" data-testid="go-back" onClick={goBack} className={buttonClass('secondary')}>
          <ArrowLeftIcon /> {t('common:action.back')}
        </button>
      </div>
    </ErrorFrame>
  );
}

/** The shared look of the 404 and 401 pages: a large outlined code over a soft glow. */
export function ErrorFrame({ code, title, description, children }: { code: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden px-4 py-20 text-center sm:py-28">
      <Glow className="inset-x-0 top-0 mx-auto h-96 max-w-3xl" strength={0.8} />
      <p
        aria-hidden
        className="bg-gradient-to-b from-ink to-transparent bg-clip-text text-[7rem] leading-none font-black tracking-tighter text-transparent sm:text-[10rem]"
      >
        {code}
      </p>
      <h1 data-testid="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      <p className="mx-auto mt-3 mb-6 max-w-md text-sm leading-relaxed text-muted sm:text-base">{description}</p>
      {children}
    </section>
  );
}
