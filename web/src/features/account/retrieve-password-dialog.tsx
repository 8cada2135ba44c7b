import { addressSchema, passwordSchema, type VerificationChannel } from '@framecraft/contracts/validation';
import { useEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button.ts';
import type { SolvedCaptcha } from '../../components/captcha/click-captcha.tsx';
import { TextField, validationMessage } from '../../components/form.tsx';
import { LockIcon } from '../../components/icons.tsx';
import { retrievePassword } from './api/verification.ts';
import { CodeField, codeMessage } from './code-field.tsx';
import { MailIcon, PhoneIcon } from './contact-icons.tsx';
import { Segmented } from './segmented.tsx';

type Errors = Partial<Record<'account' | 'captcha' | 'password', string>>;

/** Password reset (conventions `retrievePassword`) by e-mail or SMS code, as a dialog of the login page. */
export function RetrievePasswordDialog({ onClose, gate }: { onClose: () => void; gate: (action: (solved: SolvedCaptcha) => void) => void }) {
  const { t } = useTranslation('account');
  const [type, setType] = useState<VerificationChannel>('email');
  const [values, setValues] = useState({ account: '', captcha: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !document.querySelector('[data-testid=captcha-dialog]') && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      account: validationMessage(addressSchema(type), values.account),
      captcha: codeMessage(values.captcha),
      password: validationMessage(passwordSchema, values.password),
    };
    setErrors(found);
    if (found.account || found.captcha || found.password) return;
    setSubmitting(true);
    try {
      await retrievePassword({ type, account: values.account.trim(), captcha: values.captcha, password: values.password });
      onClose();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-[3000] flex items-center justify-center bg-black/55 p-4 backdrop-blur-sm" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby="retrieve-title" data-testid="retrieve-dialog" className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-2xl sm:p-8">
        <h2 id="retrieve-title" className="text-xl font-semibold tracking-tight text-ink">
          {t('retrieve.title')}
        </h2>
        <p className="mt-1.5 mb-6 text-sm text-muted">{t('retrieve.subtitle')}</p>
        <Segmented
          testId="retrieve-type"
          value={type}
          onChange={(next) => {
            setType(next);
            setErrors({});
            setValues((v) => ({ ...v, account: '', captcha: '' }));
          }}
          options={[
            { value: 'email', label: t('retrieve.byEmail') },
            { value: 'mobile', label: t('retrieve.byMobile') },
          ]}
        />
        <form noValidate onSubmit={submit} className="mt-6 space-y-5">
          <TextField
            name="account"
            type={type === 'email' ? 'email' : 'tel'}
            label={type === 'email' ? t('retrieve.email') : t('retrieve.mobile')}
            placeholder={type === 'email' ? t('retrieve.emailPlaceholder') : t('login.mobilePlaceholder')}
            autoComplete={type === 'email' ? 'email' : 'tel'}
            icon={type === 'email' ? <MailIcon /> : <PhoneIcon />}
            value={values.account}
            error={errors.account}
            onChange={(e) => setValues((v) => ({ ...v, account: e.target.value }))}
          />
          <CodeField
            channel={type}
            target={values.account}
            event="user_retrieve_pwd"
            value={values.captcha}
            error={errors.captcha}
            onChange={(captcha) => setValues((v) => ({ ...v, captcha }))}
            onTargetError={(message) => setErrors((e) => ({ ...e, account: message }))}
            gate={gate}
          />
          <TextField
            name="newPassword"
            type="password"
            label={t('retrieve.newPassword')}
            placeholder={t('register.passwordPlaceholder')}
            autoComplete="new-password"
            icon={<LockIcon />}
            value={values.password}
            error={errors.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
          <div className="flex gap-3 pt-1">
            <button type="button" onClick={onClose} className={buttonClass('secondary', 'lg', 'flex-1')}>
              {t('retrieve.cancel')}
            </button>
            <button type="submit" data-testid="retrieve-submit" disabled={submitting} className={buttonClass('primary', 'lg', 'flex-1')}>
              {submitting ? t('retrieve.submitting') : t('retrieve.submit')}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
