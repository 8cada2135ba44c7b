import { useTranslation } from 'react-i18next';
import { SUPER_GROUP_NAME } from './fields.ts';

/** A group's name; the seeded super group's is translated. */
export function GroupName({ name }: { name: string }) {
  const { t } = useTranslation('admin');
  return <>{name === SUPER_GROUP_NAME ? t('fields.superGroup') : name}</>;
}
