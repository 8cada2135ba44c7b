import { Icon, iconLoaded } from '@iconify/react';
import { useEffect, useState, type CSSProperties } from 'react';
import { useSiteConfig } from '../../stores/site-config.ts';
import { toIconifyName } from './icon-names.ts';
import { configureIconApi, ensureIcon, type IconState } from './iconify-runtime.ts';

interface AppIconProps {
  /** A stored icon name: Iconify (`ant-design:home-outlined`) or an older one (`HomeOutlined`, `el-icon-Setting`). */
  name: string | null | undefined;
  className?: string;
  style?: CSSProperties;
  /** Shown while loading and when the icon cannot be had (default: an empty 1em box, so nothing shifts). */
  fallback?: React.ReactNode;
}

/**
 * One icon through the app's Iconify client (decision 046). The outer span carries antd's `anticon`
 * class so menus and buttons lay it out like their own icons; `data-icon` and `data-icon-state`
 * tell tests (and curious people) what is shown.
 */
export function AppIcon({ name, className, style, fallback }: AppIconProps) {
  const iconName = toIconifyName(name);
  const apiHost = useSiteConfig((state) => state.iconApiHost);
  const [outcome, setOutcome] = useState<{ name: string; state: IconState }>({ name: '', state: 'loading' });
  useEffect(() => {
    configureIconApi(apiHost);
    let live = true;
    void ensureIcon(iconName).then((state) => live && setOutcome({ name: iconName, state }));
    return () => {
      live = false;
    };
  }, [iconName, apiHost]);
  // Data already there (bundled set loaded, or fetched before): shown in the first frame.
  const state: IconState = iconName && iconLoaded(iconName) ? 'loaded' : outcome.name === iconName ? outcome.state : 'loading';
  return (
    <span role="img" aria-hidden="true" className={`anticon ${className ?? ''}`} style={style} data-icon={iconName || undefined} data-icon-state={state}>
      {state === 'loaded' ? <Icon icon={iconName} width="1em" height="1em" /> : (fallback ?? <span style={{ display: 'inline-block', width: '1em', height: '1em' }} />)}
    </span>
  );
}
