import { passwordSchema, required } from '@framecraft/contracts/validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { CheckboxField, TextField, validationMessage } from '../../components/form.tsx';
import { LockIcon, UserIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { safeRedirectTarget } from '../../utils/redirect-target.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useCheckIn } from './use-check-in.ts';

/** Login accepts a username, e-mail or mobile, so the account only has to be filled in. */
const RULES = { username: required(), password: passwordSchema } as const;
type Field = keyof typeof RULES;

/** Member login (spec §2 /login). */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const [search] = useSearchParams();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const { checkIn, submitting } = useCheckIn();
  const [values, setValues] = useState({ username: '', password: '', keep: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  if (loggedIn) return <Navigate to={safeRedirectTarget(search, '/user')} replace />;

  const check = (field: Field, value: string) => setErrors((e) => ({ ...e, [field]: validationMessage(RULES[field], value) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { username: validationMessage(RULES.username, values.username), password: validationMessage(RULES.password, values.password) };
    setErrors(found);
    if (!found.username && !found.password) void checkIn({ tab: 'login', ...values });
  }

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')} aside={{ title: t('aside.title'), points: [t('aside.points.library'), t('aside.points.vip'), t('aside.points.history')] }}>
      <form noValidate onSubmit={submit} data-testid="login-form" className="space-y-5">
        <TextField
          name="username"
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          icon={<UserIcon />}
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          onBlur={(e) => check('username', e.target.value)}
        />
        <TextField
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
        <button type="submit" data-testid="login-submit" disabled={submitting} className={buttonClass('primary', 'lg', 'w-full')}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        <Link to={`/register${search.size ? `?${search}` : ''}`} className="font-medium text-accent hover:underline">
          {t('login.toRegister')}
        </Link>
      </p>
    </AuthLayout>
  );
}
