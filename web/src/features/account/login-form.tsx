import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button.ts';
import { CaptchaDialog } from '../../components/captcha/captcha-dialog.tsx';
import { useCaptchaGate } from '../../components/captcha/use-captcha-gate.ts';
import { CheckboxField, TextField } from '../../components/form.tsx';
import { LockIcon, UserIcon } from '../../components/icons.tsx';
import { checkInSettingsQuery } from './api/verification.ts';
import { PhoneIcon } from './contact-icons.tsx';
import type { LoginField } from './login-checks.ts';
import { Segmented } from './segmented.tsx';
import { useCheckIn } from './use-check-in.ts';

/**
 * The checks, the SMS code field and the retrieve-password dialog (all with the schema library)
 * load on the first interaction with the form, not with the page (decision 054).
 */
let checks: Promise<typeof import('./login-checks.ts')> | undefined;
/** A failed load (offline) is not kept: the next blur or submit tries again. */
const loadChecks = () =>
  (checks ??= import('./login-checks.ts').catch((error: unknown) => {
    checks = undefined;
    throw error;
  }));
const loadCodeField = () => import('./code-field.tsx');
const CodeField = lazy(() => loadCodeField().then((module) => ({ default: module.CodeField })));
const RetrievePasswordDialog = lazy(() => import('./retrieve-password-dialog.tsx').then((module) => ({ default: module.RetrievePasswordDialog })));
/** Starts loading what the form needs once somebody is about to use it. */
const warmUp = () => void loadChecks().then(loadCodeField, () => undefined);

/** Login accepts a username, e-mail or mobile, so the account only has to be filled in. */
type Method = 'password' | 'sms';
type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'captcha', string>>;

/** The login form (spec §2 /login): account + password, or mobile + SMS code; captcha when the site asks for it. */
export function LoginForm({ onRegister }: { onRegister: () => void }) {
  const { t } = useTranslation('account');
  const settings = useQuery(checkInSettingsQuery);
  const { checkIn, submitting } = useCheckIn();
  const { gate, dialogProps } = useCaptchaGate();
  const [method, setMethod] = useState<Method>('password');
  const [values, setValues] = useState({ username: '', password: '', mobile: '', captcha: '', keep: false });
  const [errors, setErrors] = useState<Errors>({});
  const [retrieving, setRetrieving] = useState(false);

  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  // Callbacks of one promise run in the order they were added: the latest check of a field wins.
  const check = (field: LoginField, value: string) => void loadChecks().then(({ loginMessage }) => setErrors((e) => ({ ...e, [field]: loginMessage(field, value) })));
  // A field showing an error is checked again as it is typed in (see RegisterForm).
  const change = (field: LoginField) => (value: string) => {
    set(field)(value);
    if (errors[field]) check(field, value);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    void loadChecks().then((loaded) => validateAndSend(loaded));
  }

  function validateAndSend({ loginMessage, codeMessage }: Awaited<ReturnType<typeof loadChecks>>) {
    if (method === 'sms') {
      const found = { mobile: loginMessage('mobile', values.mobile), captcha: codeMessage(values.captcha) };
      setErrors(found);
      if (!found.mobile && !found.captcha) void checkIn({ tab: 'login', loginType: 'sms', mobile: values.mobile, captcha: values.captcha, keep: values.keep });
      return;
    }
    const found = { username: loginMessage('username', values.username), password: loginMessage('password', values.password) };
    setErrors(found);
    if (found.username || found.password) return;
    const body = { tab: 'login' as const, username: values.username, password: values.password, keep: values.keep };
    const withCaptcha = () => gate((solved) => void checkIn({ ...body, ...solved }));
    if (settings.data?.userLoginCaptchaSwitch) withCaptcha();
    // After a few failures the server asks for the captcha for this account (decision 027).
    else void checkIn(body).then((asked) => asked && withCaptcha());
  }

  return (
    <div onPointerDownCapture={warmUp} onFocusCapture={warmUp} onPointerEnter={warmUp} className="contents">
      <Segmented
        testId="login-method"
        value={method}
        onChange={(next) => {
          setMethod(next);
          setErrors({});
        }}
        options={[
          { value: 'password', label: t('login.byPassword') },
          { value: 'sms', label: t('login.bySms') },
        ]}
      />
      <form noValidate onSubmit={submit} data-testid="login-form" className="mt-6 space-y-5">
        {method === 'password' ? (
          <>
            <TextField
              name="username"
              label={t('login.account')}
              placeholder={t('login.accountPlaceholder')}
              autoComplete="username"
              icon={<UserIcon />}
              value={values.username}
              error={errors.username}
              onChange={(e) => change('username')(e.target.value)}
              onBlur={(e) => check('username', e.target.value)}
            />
            <TextField
              name="password"
              type="password"
              label={
                <span className="flex items-center justify-between">
                  {t('login.password')}
                  <button type="button" data-testid="forgot-password" onClick={() => setRetrieving(true)} className="text-xs font-normal text-accent hover:underline">
                    {t('login.forgot')}
                  </button>
                </span>
              }
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              icon={<LockIcon />}
              value={values.password}
              error={errors.password}
              onChange={(e) => change('password')(e.target.value)}
              onBlur={(e) => check('password', e.target.value)}
            />
          </>
        ) : (
          <>
            <TextField
              name="mobile"
              type="tel"
              label={t('login.mobile')}
              placeholder={t('login.mobilePlaceholder')}
              autoComplete="tel"
              inputMode="numeric"
              icon={<PhoneIcon />}
              value={values.mobile}
              error={errors.mobile}
              onChange={(e) => change('mobile')(e.target.value.trim())}
              onBlur={(e) => e.target.value && check('mobile', e.target.value)}
            />
            <Suspense fallback={<div className="h-18" />}>
              <CodeField
                channel="mobile"
                target={values.mobile}
                event="user_login"
                value={values.captcha}
                error={errors.captcha}
                onChange={set('captcha')}
                onTargetError={(message) => setErrors((e) => ({ ...e, mobile: message }))}
                gate={gate}
              />
            </Suspense>
          </>
        )}
        <CheckboxField name="keep" label={t('login.keep')} checked={values.keep} onChange={(e) => setValues((v) => ({ ...v, keep: e.target.checked }))} />
        <button type="submit" data-testid="login-submit" disabled={submitting} className={buttonClass('primary', 'lg', 'w-full')}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        <button type="button" onClick={onRegister} className="font-medium text-accent hover:underline">
          {t('login.toRegister')}
        </button>
      </p>
      <CaptchaDialog {...dialogProps} />
      {retrieving && (
        <Suspense fallback={null}>
          <RetrievePasswordDialog onClose={() => setRetrieving(false)} gate={gate} />
        </Suspense>
      )}
    </div>
  );
}
