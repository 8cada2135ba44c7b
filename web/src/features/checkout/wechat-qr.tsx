import { formatMoney } from '@framecraft/contracts/money';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button.ts';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { QrCode } from '../../components/qr-code.tsx';

/**
 * WeChat Pay Native (decision 035): the order's `code_url` as a QR code with the amount and how to
 * pay. The page keeps polling the order meanwhile, so the result view replaces this panel as soon
 * as WeChat's notification has paid the order.
 */
export function WechatQrPanel({ codeUrl, amount, onBack }: { codeUrl: string; amount: number; onBack: () => void }) {
  const { t } = useTranslation('pay-wechat');
  const steps = ['open', 'scan', 'confirm'] as const;
  return (
    <div data-testid="pay-qrcode" data-method="wechat" className="mt-5">
      <h3 className="text-center text-lg font-semibold text-ink sm:text-left">{t('title')}</h3>
      <div className="mt-4 grid items-center gap-6 sm:grid-cols-[auto_1fr]">
        <div className="mx-auto flex flex-col items-center gap-3">
          <div className="rounded-2xl border-2 border-[#07c160]/60 p-1.5 shadow-sm">
            <QrCode text={codeUrl} label={t('codeAlt', { amount: formatMoney(amount) })} />
          </div>
          <p className="inline-flex max-w-64 items-center gap-2 text-center text-xs text-muted" role="status" aria-live="polite">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-[#07c160] opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-[#07c160]" />
            </span>
            <span data-testid="pay-qrcode-waiting">{t('waiting')}</span>
          </p>
        </div>
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('amount')}</p>
          <p data-testid="pay-qrcode-amount" className="text-3xl font-semibold text-ink tabular-nums">
            ¥{formatMoney(amount)}
          </p>
          <ol className="mt-4 space-y-2 text-sm text-muted">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-2.5">
                <span className="grid size-5 shrink-0 place-items-center rounded-full bg-[#07c160]/15 text-xs font-semibold text-[#07a050] dark:text-[#3fd98a]">{index + 1}</span>
                <span>{t(`steps.${step}`)}</span>
              </li>
            ))}
          </ol>
          <p className="mt-4 rounded-xl bg-surface-2 px-3.5 py-2.5 text-xs text-muted">{t('inWechat')}</p>
          <button type="button" data-testid="pay-qrcode-back" onClick={onBack} className={buttonClass('ghost', 'sm', 'mt-4 -ml-2')}>
            <ArrowLeftIcon /> {t('back')}
          </button>
        </div>
      </div>
    </div>
  );
}
