import { accountSchema, passwordSchema } from '@framecraft/contracts/validation';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { CheckboxField, TextField, validationMessage } from '../../components/form.tsx';
import { LockIcon, SparklesIcon, UserIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useCheckIn } from './use-check-in.ts';

const RULES = { username: accountSchema, password: passwordSchema } as const;
type Field = keyof typeof RULES;

/** Registration (spec §2 /register/{code?}): the invite code of the link is filled in. */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const { code = '' } = useParams();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const { checkIn, submitting } = useCheckIn();
  const [values, setValues] = useState({ username: '', password: '', inviteCode: code });
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | 'agreement', string>>>({});

  if (loggedIn) return <Navigate to="/user" replace />;

  const check = (field: Field, value: string) => setErrors((e) => ({ ...e, [field]: validationMessage(RULES[field], value) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      username: validationMessage(RULES.username, values.username),
      password: validationMessage(RULES.password, values.password),
      agreement: agreed ? '' : t('register.mustAgree'),
    };
    setErrors(found);
    if (!found.username && !found.password && !found.agreement) void checkIn({ tab: 'register', ...values });
  }

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} aside={{ title: t('aside.title'), points: [t('aside.points.library'), t('aside.points.vip'), t('aside.points.invite')] }}>
      <form noValidate onSubmit={submit} data-testid="register-form" className="space-y-5">
        <TextField
          name="username"
          label={t('register.username')}
          placeholder={t('register.usernamePlaceholder')}
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
          label={t('register.password')}
          placeholder={t('register.passwordPlaceholder')}
          autoComplete="new-password"
          icon={<LockIcon />}
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          onBlur={(e) => check('password', e.target.value)}
        />
        <TextField
          name="inviteCode"
          label={t('register.inviteCode')}
          placeholder={t('register.inviteCodePlaceholder')}
          icon={<SparklesIcon />}
          value={values.inviteCode}
          onChange={(e) => setValues((v) => ({ ...v, inviteCode: e.target.value }))}
        />
        <div>
          <CheckboxField
            name="agreement"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            label={
              <span>
                <Trans
                  t={t}
                  i18nKey="register.agree"
                  components={{
                    user: <Link to="/user-agreement" className="text-accent hover:underline" />,
                    privacy: <Link to="/privacy-policy" className="text-accent hover:underline" />,
                  }}
                />
              </span>
            }
          />
          {errors.agreement && (
            <p role="alert" data-testid="agreement-error" className="mt-1.5 text-xs text-red-500">
              {errors.agreement}
            </p>
          )}
        </div>
        <button type="submit" data-testid="register-submit" disabled={submitting} className={buttonClass('primary', 'lg', 'w-full')}>
          {submitting ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-accent hover:underline">
          {t('register.toLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
