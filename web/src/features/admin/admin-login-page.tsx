import type { AdminLoginAnswer, AdminLoginOptions } from '@framecraft/contracts/admin';
import { accountSchema, passwordSchema } from '@framecraft/contracts/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { CaptchaDialog } from '../../components/captcha/captcha-dialog.tsx';
import type { SolvedCaptcha } from '../../components/captcha/click-captcha.tsx';
import { asksForCaptcha, useCaptchaGate } from '../../components/captcha/use-captcha-gate.ts';
import { CheckboxField, TextField, validationMessage } from '../../components/form.tsx';
import { ArrowLeftIcon, LockIcon, UserIcon } from '../../components/icons.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { request } from '../../lib/request/index.ts';
import { adminPagePath } from '../../lib/request/url.ts';
import { useAdminStore } from '../../stores/admin.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { safeRedirectTarget } from '../../utils/redirect-target.ts';
import { Glow } from '../../components/glow.tsx';

const RULES = { username: accountSchema, password: passwordSchema } as const;
type Field = keyof typeof RULES;

/** Admin login (spec §2 /admin/login): username, password, keep me logged in, the click captcha when the site asks for it. */
export default function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const siteName = useSiteConfig((state) => state.siteName) || 'Framecraft';
  const [values, setValues] = useState({ username: '', password: '', keep: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const { gate, dialogProps } = useCaptchaGate();
  const [captchaRequired, setCaptchaRequired] = useState(true);

  useEffect(() => {
    request<AdminLoginOptions>({ url: '/admin/index/login', context: 'admin', showErrorMessage: false })
      .then((answer) => setCaptchaRequired(answer.data.captcha))
      .catch(() => undefined);
  }, []);

  const check = (field: Field, value = values[field]) => setErrors((e) => ({ ...e, [field]: validationMessage(RULES[field], value) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { username: validationMessage(RULES.username, values.username), password: validationMessage(RULES.password, values.password) };
    setErrors(found);
    const firstInvalid = (Object.keys(found) as Field[]).find((field) => found[field]);
    if (firstInvalid) return inputs.current[firstInvalid]?.focus();
    if (captchaRequired) gate((solved) => void logIn(solved));
    else void logIn();
  }

  async function logIn(solved?: SolvedCaptcha) {
    setSubmitting(true);
    try {
      const answer = await request<AdminLoginAnswer>({
        url: '/admin/index/login',
        method: 'POST',
        data: { ...values, ...solved },
        context: 'admin',
        showSuccessMessage: true,
      });
      useAdminStore.getState().fill(answer.data.userInfo);
      await navigate(safeRedirectTarget(search, adminPagePath(answer.data.routePath || '/admin')), { replace: true });
    } catch (error) {
      // The request layer has shown the server's message. After a few failures the server asks for
      // the captcha for this account even when the site does not (decision 027).
      if (!solved && asksForCaptcha(error)) {
        setCaptchaRequired(true);
        gate((next) => void logIn(next));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="relative isolate grid min-h-dvh place-items-center overflow-hidden bg-canvas px-4 py-10">
      <Glow className="-top-48 left-1/2 h-[34rem] w-[64rem] max-w-[200vw] -translate-x-1/2" />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 [background-image:linear-gradient(var(--fc-line)_1px,transparent_1px),linear-gradient(90deg,var(--fc-line)_1px,transparent_1px)] [background-size:48px_48px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
      />

      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 data-testid="page-title" className="mt-5 text-2xl font-semibold tracking-tight text-ink">
            {t('login.title')}
          </h1>
          <p className="mt-1.5 text-sm text-muted">{t('login.subtitle', { siteName })}</p>
        </div>

        <form noValidate onSubmit={submit} data-testid="admin-login-form" className="space-y-5 rounded-2xl border border-line bg-surface/80 p-6 shadow-2xl shadow-black/20 backdrop-blur sm:p-7">
          <TextField
            ref={(el) => void (inputs.current.username = el)}
            name="username"
            label={t('login.username')}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            icon={<UserIcon />}
            value={values.username}
            error={errors.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
            onBlur={(e) => check('username', e.target.value)}
          />
          <TextField
            ref={(el) => void (inputs.current.password = el)}
            name="password"
            type="password"
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            icon={<LockIcon />}
            value={values.password}
            error={errors.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            onBlur={(e) => check('password', e.target.value)}
          />
          <CheckboxField name="keep" label={t('login.keep')} checked={values.keep} onChange={(e) => setValues((v) => ({ ...v, keep: e.target.checked }))} />
          <button type="submit" data-testid="admin-login-submit" disabled={submitting} className={buttonClass('primary', 'lg', 'w-full')}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>

        <Link to="/" className="mx-auto mt-6 flex w-fit items-center gap-1.5 text-sm text-muted transition-colors hover:text-ink">
          <ArrowLeftIcon /> {t('login.backToShop')}
        </Link>
        <CaptchaDialog {...dialogProps} />
      </div>
    </div>
  );
}
