import { accountSchema, addressSchema, passwordSchema, type VerificationChannel } from '@framecraft/contracts/validation';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { CaptchaDialog } from '../../components/captcha/captcha-dialog.tsx';
import { useCaptchaGate } from '../../components/captcha/use-captcha-gate.ts';
import { CheckboxField, TextField, validationMessage } from '../../components/form.tsx';
import { LockIcon, SparklesIcon, UserIcon } from '../../components/icons.tsx';
import { checkInSettingsQuery } from './api/verification.ts';
import { CodeField, codeMessage } from './code-field.tsx';
import { MailIcon, PhoneIcon } from './contact-icons.tsx';
import { Segmented } from './segmented.tsx';
import { useCheckIn } from './use-check-in.ts';

const RULES = { username: accountSchema, password: passwordSchema } as const;
type Field = keyof typeof RULES | 'address' | 'captcha' | 'agreement';

/**
 * The registration form (spec §2: `/register/{code?}` and the register tab of `/login`): the invite
 * code of the link is filled in; when the site requires it (accountVerificationType) an e-mail
 * address or mobile number is verified with a code.
 */
export function RegisterForm({ inviteCode, onLogin }: { inviteCode: string; onLogin: () => void }) {
  const { t } = useTranslation('account');
  const settings = useQuery(checkInSettingsQuery);
  const { checkIn, submitting } = useCheckIn();
  const { gate, dialogProps } = useCaptchaGate();
  const [values, setValues] = useState({ username: '', password: '', inviteCode, address: '', captcha: '' });
  const [chosenType, setChosenType] = useState<VerificationChannel>();
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const types = settings.data?.accountVerificationType ?? [];
  const registerType = chosenType && types.includes(chosenType) ? chosenType : types[0];
  const check = (field: keyof typeof RULES, value: string) => setErrors((e) => ({ ...e, [field]: validationMessage(RULES[field], value) }));
  // A field showing an error is checked again as it is typed in, so the message goes before the
  // field loses focus: the layout does not jump under the pointer on the way to the next control.
  const change = (field: keyof typeof RULES, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) check(field, value);
  };

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
    <>
      <form noValidate onSubmit={submit} data-testid="register-form" className="space-y-5">
        <TextField
          name="username"
          label={t('register.username')}
          placeholder={t('register.usernamePlaceholder')}
          autoComplete="username"
          icon={<UserIcon />}
          value={values.username}
          error={errors.username}
          onChange={(e) => change('username', e.target.value)}
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
          onChange={(e) => change('password', e.target.value)}
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
        <button type="button" onClick={onLogin} className="font-medium text-accent hover:underline">
          {t('register.toLogin')}
        </button>
      </p>
      <CaptchaDialog {...dialogProps} />
    </>
  );
}
