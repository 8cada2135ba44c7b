import { useTranslation } from 'react-i18next';
import { seededName } from '../crud/seeded-names.ts';

/** A group's name; the seeded groups' names are translated. */
export function GroupName({ name }: { name: string }) {
  const { t } = useTranslation('admin');
  return <>{seededName(t, name)}</>;
}
