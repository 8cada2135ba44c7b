import { accountSchema, addressSchema, passwordSchema, type VerificationChannel } from '@framecraft/contracts/validation';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { CaptchaDialog } from '../../components/captcha/captcha-dialog.tsx';
import { useCaptchaGate } from '../../components/captcha/use-captcha-gate.ts';
import { CheckboxField, TextField, validationMessage } from '../../components/form.tsx';
import { LockIcon, SparklesIcon, UserIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { checkInSettingsQuery } from './api/verification.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CodeField, codeMessage } from './code-field.tsx';
import { MailIcon, PhoneIcon } from './contact-icons.tsx';
import { Segmented } from './segmented.tsx';
import { useCheckIn } from './use-check-in.ts';

const RULES = { username: accountSchema, password: passwordSchema } as const;
type Field = keyof typeof RULES | 'address' | 'captcha' | 'agreement';

/**
 * Registration (spec §2 /register/{code?}): the invite code of the link is filled in; when the site
 * requires it (accountVerificationType) an e-mail address or mobile number is verified with a code.
 */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const { code = '' } = useParams();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const settings = useQuery({ ...checkInSettingsQuery, enabled: !loggedIn });
  const { checkIn, submitting } = useCheckIn();
  const { gate, dialogProps } = useCaptchaGate();
  const [values, setValues] = useState({ username: '', password: '', inviteCode: code, address: '', captcha: '' });
  const [chosenType, setChosenType] = useState<VerificationChannel>();
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  if (loggedIn) return <Navigate to="/user" replace />;

  const types = settings.data?.accountVerificationType ?? [];
  const registerType = chosenType && types.includes(chosenType) ? chosenType : types[0];
  const check = (field: keyof typeof RULES, value: string) => setErrors((e) => ({ ...e, [field]: validationMessage(RULES[field], value) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      username: validationMessage(RULES.username, values.username),
      password: validationMessage(RULES.password, values.password),
      address: registerType ? validationMessage(addressSchema(registerType), values.address) : '',
      captcha: registerType ? codeMessage(values.captcha) : '',
      agreement: agreed ? '' : t('register.mustAgree'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body = {
      tab: 'register' as const,
      username: values.username,
      password: values.password,
      inviteCode: values.inviteCode,
      ...(registerType ? { registerType, [registerType]: values.address.trim(), captcha: values.captcha } : {}),
    };
    if (settings.data?.userLoginCaptchaSwitch) gate((solved) => void checkIn({ ...body, ...solved }));
    else void checkIn(body);
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
        {registerType && (
          <div className="space-y-5 rounded-2xl border border-line bg-surface-2/30 p-4" data-testid="register-verification">
            {types.length > 1 && (
              <Segmented
                testId="register-type"
                value={registerType}
                onChange={(next) => {
                  setChosenType(next);
                  setValues((v) => ({ ...v, address: '', captcha: '' }));
                  setErrors((e) => ({ ...e, address: '', captcha: '' }));
                }}
                options={types.map((type) => ({ value: type, label: t(`register.by.${type}`) }))}
              />
            )}
            <TextField
              name={registerType}
              type={registerType === 'email' ? 'email' : 'tel'}
              label={t(`register.${registerType}`)}
              placeholder={t(`register.${registerType}Placeholder`)}
              autoComplete={registerType === 'email' ? 'email' : 'tel'}
              icon={registerType === 'email' ? <MailIcon /> : <PhoneIcon />}
              value={values.address}
              error={errors.address}
              onChange={(e) => setValues((v) => ({ ...v, address: e.target.value }))}
            />
            <CodeField
              channel={registerType}
              target={values.address}
              event="user_register"
              value={values.captcha}
              error={errors.captcha}
              onChange={(captcha) => setValues((v) => ({ ...v, captcha }))}
              onTargetError={(message) => setErrors((e) => ({ ...e, address: message }))}
              gate={gate}
            />
          </div>
        )}
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
      <CaptchaDialog {...dialogProps} />
    </AuthLayout>
  );
}
