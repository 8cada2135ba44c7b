import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { useSiteConfig } from '../../stores/site-config.ts';

const LINKS = [
  { to: '/about', key: 'about' },
  { to: '/user-agreement', key: 'userAgreement' },
  { to: '/privacy-policy', key: 'privacyPolicy' },
  { to: '/agreement', key: 'agreement' },
  { to: '/topup-agreement', key: 'topupAgreement' },
] as const;

/** Record-number filings in mainland China link to the MIIT lookup. */
const RECORD_LOOKUP_URL = 'https://beian.miit.gov.cn/';

export function SiteFooter() {
  const { t } = useTranslation();
  const siteName = useSiteConfig((state) => state.siteName) || 'Framecraft';
  const recordNumber = useSiteConfig((state) => state.recordNumber);

  return (
    <footer className="mt-16 border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.2fr_2fr] lg:px-8">
        <div>
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-7" />
            <span className="font-semibold text-ink" data-testid="footer-site-name">
              {siteName}
            </span>
          </div>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.legal')} className="grid grid-cols-2 gap-x-6 gap-y-2.5 text-sm sm:grid-cols-3 md:justify-self-end">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} data-testid={`footer-${link.key}`} className="text-muted transition-colors hover:text-ink">
              {t(`route.${link.key}`)}
            </Link>
          ))}
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-faint sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <span>
            © {new Date().getFullYear()} {siteName}. {t('footer.rights')}
          </span>
          {recordNumber && (
            <a href={RECORD_LOOKUP_URL} target="_blank" rel="noopener noreferrer" data-testid="footer-record-number" className="hover:text-muted">
              {recordNumber}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
