import { Button, Checkbox, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnPrefs } from './column-prefs.ts';
import type { CrudField } from './types.ts';

/** Column order and visibility of a table (kept in localStorage by `useColumnPrefs`). */
export function ColumnSettings({ prefs, fields, label, onChange, onReset }: { prefs: ColumnPrefs; fields: CrudField[]; label: (f: CrudField) => string; onChange: (p: ColumnPrefs) => void; onReset: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-56 flex-col gap-1" data-testid="column-settings">
      {prefs.order.map((name, index) => {
        const field = fields.find((f) => f.name === name)!;
        const move = (delta: number) => {
          const next = [...prefs.order];
          next.splice(index, 1);
          next.splice(index + delta, 0, name);
          onChange({ ...prefs, order: next });
        };
        return (
          <div key={name} className="flex items-center justify-between gap-2">
            <Checkbox
              checked={!prefs.hidden.includes(name)}
              data-testid={`column-toggle-${name}`}
              onChange={(e) => onChange({ ...prefs, hidden: e.target.checked ? prefs.hidden.filter((h) => h !== name) : [...prefs.hidden, name] })}
            >
              {label(field)}
            </Checkbox>
            <Space size={0}>
              <Button size="small" type="text" disabled={index === 0} onClick={() => move(-1)} aria-label={t('crud.moveUp')}>
                ↑
              </Button>
              <Button size="small" type="text" disabled={index === prefs.order.length - 1} onClick={() => move(1)} aria-label={t('crud.moveDown')} data-testid={`column-down-${name}`}>
                ↓
              </Button>
            </Space>
          </div>
        );
      })}
      <Button size="small" type="link" onClick={onReset} className="self-start px-0">
        {t('crud.resetColumns')}
      </Button>
    </div>
  );
}
