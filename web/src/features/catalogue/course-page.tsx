import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilmIcon } from '../../components/icons.tsx';
import { PageContainer } from '../../components/page-header.tsx';

/**
 * Material detail (spec §2 /course/{id} and /course2/{id}). The catalogue has no published item
 * under this number yet, which the page says plainly, with ways back into the shop.
 */
export default function CoursePage() {
  const { t } = useTranslation('catalogue');
  const { id = '' } = useParams();
  return (
    <PageContainer>
      <nav aria-label={t('course.breadcrumb')} className="mb-8 flex items-center gap-2 text-sm text-muted">
        <Link to="/" className="hover:text-ink">
          {t('common:route.home')}
        </Link>
        <span aria-hidden>/</span>
        <Link to="/list" className="hover:text-ink">
          {t('common:route.list')}
        </Link>
        <span aria-hidden>/</span>
        <span className="text-ink" data-testid="page-title">
          {t('common:route.course')}
        </span>
      </nav>
      <div className="rounded-3xl border border-line bg-surface/60">
        <EmptyState
          testId="course-unavailable"
          icon={<FilmIcon />}
          title={t('course.unavailableTitle')}
          description={t('course.unavailableDescription', { id })}
          actions={
            <>
              <Link to="/list" className={buttonClass('primary')}>
                {t('common:action.browse')}
              </Link>
              <Link to="/" className={buttonClass('secondary')}>
                {t('common:action.home')}
              </Link>
            </>
          }
        />
      </div>
    </PageContainer>
  );
}
