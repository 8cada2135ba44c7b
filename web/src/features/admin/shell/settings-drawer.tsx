import { Button, Divider, Drawer, Segmented, Slider, Switch } from 'antd';
import { ADMIN_LAYOUT_MODES, ADMIN_MENU_WIDTH } from '@framecraft/contracts/constants';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAYOUT, useLayoutStore, type AdminLayoutMode } from '../../../stores/layout.ts';

function ModePreview({ mode }: { mode: AdminLayoutMode }) {
  return (
    <div className="flex h-14 w-20 overflow-hidden rounded-md border border-current/20 bg-current/5" aria-hidden>
      {mode !== 'Streamline' && <div className={mode === 'Classic' ? 'w-5 bg-neutral-800' : 'm-1 w-4 rounded-sm bg-current/25'} />}
      <div className="flex flex-1 flex-col">
        <div className={mode === 'Streamline' ? 'h-3 bg-neutral-800' : 'm-1 h-2 rounded-sm bg-current/25'} />
        <div className="m-1 flex-1 rounded-sm bg-current/10" />
      </div>
    </div>
  );
}

/** Layout settings (spec §2/§9), persisted by the layout store. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const layout = useLayoutStore();
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={340} data-testid="layout-settings">
      <div className="flex flex-col gap-5">
        <section>
          <h3 className="mb-2 text-sm font-medium">{t('settings.layoutMode')}</h3>
          <div className="grid grid-cols-3 gap-2">
            {ADMIN_LAYOUT_MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                onClick={() => layout.setLayout({ layoutMode: mode })}
                aria-pressed={layout.layoutMode === mode}
                data-testid={`layout-mode-${mode}`}
                className={`flex flex-col items-center gap-1.5 rounded-lg border-2 p-2 text-xs transition-colors ${layout.layoutMode === mode ? 'border-[var(--fc-accent)]' : 'border-transparent hover:border-current/20'}`}
              >
                <ModePreview mode={mode} />
                {t(`settings.mode.${mode}`)}
              </button>
            ))}
          </div>
        </section>
        <section className="flex items-center justify-between">
          <span className="text-sm">{t('settings.theme')}</span>
          <Segmented
            value={layout.isDark === null ? 'system' : layout.isDark ? 'dark' : 'light'}
            onChange={(v) => layout.setLayout({ isDark: v === 'system' ? null : v === 'dark' })}
            options={[
              { value: 'system', label: t('settings.system') },
              { value: 'light', label: t('settings.light') },
              { value: 'dark', label: t('settings.dark') },
            ]}
          />
        </section>
        <Divider className="my-0" />
        <section className="flex items-center justify-between">
          <span className="text-sm">{t('settings.collapse')}</span>
          <Switch checked={layout.menuCollapse} onChange={(c) => layout.setLayout({ menuCollapse: c })} disabled={layout.layoutMode === 'Streamline'} />
        </section>
        <section className="flex items-center justify-between">
          <span className="text-sm">{t('settings.uniqueOpened')}</span>
          <Switch checked={layout.menuUniqueOpened} onChange={(c) => layout.setLayout({ menuUniqueOpened: c })} />
        </section>
        <section>
          <span className="text-sm">{t('settings.menuWidth')}</span>
          <Slider min={200} max={360} step={10} value={layout.menuWidth} onChange={(v) => layout.setLayout({ menuWidth: v })} marks={{ [ADMIN_MENU_WIDTH]: String(ADMIN_MENU_WIDTH) }} />
        </section>
        <Button onClick={() => layout.setLayout({ ...DEFAULT_LAYOUT })}>{t('settings.reset')}</Button>
      </div>
    </Drawer>
  );
}
