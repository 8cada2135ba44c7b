import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Empty, Input, Popover, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../lib/i18n.ts';
import { AppIcon } from './app-icon.tsx';
import { BUNDLED_ICON_SETS, iconPrefix, isBundledSet, toIconifyName, type BundledIconSet } from './icon-names.ts';
import { iconApiEnabled, iconSetNames } from './iconify-runtime.ts';

/** Icons drawn at once; a longer result asks for a narrower search (the sets hold hundreds). */
const SHOWN = 120;
const FULL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface IconPickerProps {
  /** The stored icon name (Iconify `prefix:name`, or an older name the mapping understands). */
  value?: unknown;
  /** Called with the chosen Iconify name, or '' when cleared. */
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Which bundled sets to offer (default all). */
  sets?: readonly BundledIconSet[];
}

/**
 * The icon picker of the back office (decision 046): search the bundled Iconify sets, pick, see a
 * preview; with an icon API host set, any `prefix:name` typed in the search can be used too.
 * Used by the menu rule editors; exported for the code generator's designer. Lazily loaded with
 * the admin pages only (antd and the icon sets stay out of the storefront and login bundles).
 */
export function IconPicker({ value, onChange, disabled, sets = BUNDLED_ICON_SETS }: IconPickerProps) {
  const { t } = useTranslation('icons');
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const current = toIconifyName(typeof value === 'string' ? value : '');
  useEffect(() => {
    void loadNamespaces(['icons']).then(() => setReady(true));
  }, []);
  const choose = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };
  const stored = typeof value === 'string' ? value : '';
  return (
    <div className={`flex h-8 w-full items-center rounded-md border border-current/20 ${disabled ? 'opacity-50' : ''}`}>
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={open && !disabled}
        onOpenChange={setOpen}
        destroyOnHidden
        title={ready ? t('title') : null}
        content={<IconPickerPanel current={current} sets={sets} onPick={choose} />}
      >
        <button type="button" disabled={disabled} data-testid="icon-picker-trigger" className="flex h-full min-w-0 flex-1 items-center gap-2 px-3 text-start">
          {current ? <AppIcon name={current} className="text-base" /> : null}
          <span className={`min-w-0 flex-1 truncate ${current ? '' : 'opacity-60'}`}>{current || stored || (ready ? t('choose') : '')}</span>
        </button>
      </Popover>
      {current && !disabled ? (
        <button type="button" aria-label={ready ? t('clear') : undefined} className="px-2 opacity-50 hover:opacity-100" onClick={() => onChange?.('')}>
          <CloseCircleFilled />
        </button>
      ) : null}
    </div>
  );
}

interface PanelProps {
  current: string;
  sets: readonly BundledIconSet[];
  onPick: (name: string) => void;
}

/** The popover's body: set switch, search, grid and preview. Also usable on its own (e.g. inline in a designer). */
export function IconPickerPanel({ current, sets, onPick }: PanelProps) {
  const { t } = useTranslation('icons');
  const initialSet = isBundledSet(iconPrefix(current)) && sets.includes(iconPrefix(current) as BundledIconSet) ? (iconPrefix(current) as BundledIconSet) : sets[0]!;
  const [set, setSet] = useState<BundledIconSet>(initialSet);
  const [query, setQuery] = useState('');
  const [names, setNames] = useState<{ set: BundledIconSet; names: string[] } | null>(null);
  const [hovered, setHovered] = useState('');
  useEffect(() => {
    let live = true;
    void iconSetNames(set).then((list) => live && setNames({ set, names: list }));
    return () => {
      live = false;
    };
  }, [set]);
  const words = query.trim().toLowerCase();
  const matches = useMemo(() => {
    if (!names || names.set !== set) return null;
    const terms = words.split(/[\s:]+/).filter(Boolean);
    return names.names.filter((name) => terms.every((term) => name.includes(term) || `${set}:${name}` === words));
  }, [names, set, words]);
  // A full name of a set that is not bundled: offered when an icon API host may serve it.
  const typed = FULL_NAME.test(words) && !isBundledSet(iconPrefix(words)) && iconApiEnabled() ? words : '';
  const preview = hovered || typed || current;
  return (
    <div className="flex w-[min(22rem,calc(100vw-3rem))] flex-col gap-2" data-testid="icon-picker">
      {sets.length > 1 ? (
        <Segmented<BundledIconSet>
          block
          size="small"
          value={set}
          onChange={setSet}
          options={sets.map((prefix) => ({ value: prefix, label: t(`sets.${prefix}`) }))}
        />
      ) : null}
      <Input.Search allowClear autoFocus placeholder={t('search')} value={query} onChange={(event) => setQuery(event.target.value)} data-testid="icon-picker-search" />
      <div className="grid max-h-60 grid-cols-8 gap-1 overflow-y-auto" role="listbox" aria-label={t('title')} onMouseLeave={() => setHovered('')}>
        {matches === null ? (
          <div className="col-span-8 grid h-24 place-items-center">
            <Spin size="small" />
          </div>
        ) : (
          matches.slice(0, SHOWN).map((name) => {
            const full = `${set}:${name}`;
            return (
              <button
                key={full}
                type="button"
                role="option"
                aria-selected={full === current}
                title={name}
                aria-label={name}
                data-icon-option={full}
                onMouseEnter={() => setHovered(full)}
                onFocus={() => setHovered(full)}
                onClick={() => onPick(full)}
                className={`grid aspect-square place-items-center rounded-md text-xl hover:bg-current/10 focus-visible:outline-2 ${full === current ? 'bg-current/15 ring-1 ring-current/40' : ''}`}
              >
                <AppIcon name={full} />
              </button>
            );
          })
        )}
      </div>
      {matches !== null && matches.length === 0 && !typed ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatch')} className="!my-1" /> : null}
      {matches !== null && matches.length > SHOWN ? (
        <p className="m-0 text-xs opacity-60">{t('showing', { shown: SHOWN, total: matches.length })}</p>
      ) : null}
      <div className="flex min-h-12 items-center gap-3 border-t border-current/10 pt-2" data-testid="icon-picker-preview">
        {preview ? (
          <>
            <AppIcon name={preview} className="text-3xl" />
            <code className="min-w-0 flex-1 truncate text-xs">{preview}</code>
          </>
        ) : (
          <span className="flex-1 text-xs opacity-60">{t('previewHint')}</span>
        )}
        {typed ? (
          <Button size="small" type="primary" onClick={() => onPick(typed)} data-testid="icon-picker-use">
            {t('use')}
          </Button>
        ) : null}
        {current ? (
          <Button size="small" onClick={() => onPick('')}>
            {t('none')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
