import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useMemberStore } from '../../stores/member.ts';
import { AuthLayout } from './auth-layout.tsx';
import { RegisterForm } from './register-form.tsx';

/** `/register/{code?}` (spec §2): registration with the invite code of the link filled in. */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  if (loggedIn) return <Navigate to="/user" replace />;

  const toLogin = () => void navigate('/login');
  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      tab={{ value: 'register', onChange: (next) => next === 'login' && toLogin() }}
      aside={{ title: t('aside.title'), points: [t('aside.points.library'), t('aside.points.vip'), t('aside.points.invite')] }}
    >
      <RegisterForm inviteCode={code} onLogin={toLogin} />
    </AuthLayout>
  );
}
