import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMemberStore } from '../../stores/member.ts';
import { safeRedirectTarget } from '../../utils/redirect-target.ts';
import { AuthLayout, type AuthTab } from './auth-layout.tsx';
import { LoginForm } from './login-form.tsx';

/** The register tab's form loads when that tab is opened: a visitor who logs in never needs it (decision 054). */
const RegisterForm = lazy(() => import('./register-form.tsx').then((module) => ({ default: module.RegisterForm })));

/** `/login` (spec §2: login and registration): the login tab, or the register tab with `?tab=register`. */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const [search, setSearch] = useSearchParams();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  if (loggedIn) return <Navigate to={safeRedirectTarget(search, '/user')} replace />;

  const tab: AuthTab = search.get('tab') === 'register' ? 'register' : 'login';
  // The tab lives in the URL (a reload or a shared link keeps it); other parameters such as the
  // page to return to after login stay as they are.
  const switchTo = (next: AuthTab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'register') params.set('tab', 'register');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  return tab === 'login' ? (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')} tab={{ value: 'login', onChange: switchTo }} aside={{ title: t('aside.title'), points: [t('aside.points.library'), t('aside.points.vip'), t('aside.points.history')] }}>
      <LoginForm onRegister={() => switchTo('register')} />
    </AuthLayout>
  ) : (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} tab={{ value: 'register', onChange: switchTo }} aside={{ title: t('aside.title'), points: [t('aside.points.library'), t('aside.points.vip'), t('aside.points.invite')] }}>
      <Suspense fallback={null}>
        <RegisterForm inviteCode="" onLogin={() => switchTo('login')} />
      </Suspense>
    </AuthLayout>
  );
}
