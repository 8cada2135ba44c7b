import {
  ADMIN_LAYOUT_MODES,
  ADMIN_MENU_COLLAPSED_WIDTH,
  ADMIN_MENU_WIDTH,
  STORAGE_KEY,
} from '@framecraft/contracts/constants';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type AdminLayoutMode = (typeof ADMIN_LAYOUT_MODES)[number];

/** Admin layout settings (spec §2/§9), persisted as one JSON object under STORAGE_KEY.layout. */
export interface LayoutSettings {
  layoutMode: AdminLayoutMode;
  /** Expanded menu width in px; collapsed it is ADMIN_MENU_COLLAPSED_WIDTH. */
  menuWidth: number;
  menuCollapse: boolean;
  menuUniqueOpened: boolean;
  menuShowTopBar: boolean;
  /** Page transition of the admin main area. */
  mainAnimation: 'slide-right' | 'slide-left' | 'fade' | 'zoom' | 'none';
  /** null = follow the system preference until the admin chooses (conventions "Theme"). */
  isDark: boolean | null;
}

export const DEFAULT_LAYOUT: LayoutSettings = {
  layoutMode: 'Default',
  menuWidth: ADMIN_MENU_WIDTH,
  menuCollapse: false,
  menuUniqueOpened: false,
  menuShowTopBar: true,
  mainAnimation: 'slide-right',
  isDark: null,
};

function readStored(): LayoutSettings {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY.layout);
    const stored = raw ? (JSON.parse(raw) as Partial<LayoutSettings>) : {};
    const layoutMode = ADMIN_LAYOUT_MODES.includes(stored.layoutMode as AdminLayoutMode) ? stored.layoutMode! : DEFAULT_LAYOUT.layoutMode;
    const isDark = typeof stored.isDark === 'boolean' ? stored.isDark : null;
    return { ...DEFAULT_LAYOUT, ...stored, layoutMode, isDark };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

interface LayoutStore extends LayoutSettings {
  /** Not persisted: the mobile menu drawer. */
  showDrawer: boolean;
  setLayout(patch: Partial<LayoutSettings>): void;
  setShowDrawer(show: boolean): void;
  /** Current menu width in px, taking the collapsed state into account. */
  currentMenuWidth(): number;
}

export const useLayoutStore = create<LayoutStore>((set, get) => ({
  ...readStored(),
  showDrawer: false,
  setLayout(patch) {
    set(patch);
    const { showDrawer: _drawer, setLayout: _set, setShowDrawer: _setDrawer, currentMenuWidth: _width, ...settings } = get();
    globalThis.localStorage?.setItem(STORAGE_KEY.layout, JSON.stringify(settings));
  },
  setShowDrawer(show) {
    set({ showDrawer: show });
  },
  currentMenuWidth() {
    return get().menuCollapse ? ADMIN_MENU_COLLAPSED_WIDTH : get().menuWidth;
  },
}));

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystemDark(listener: () => void) {
  const query = globalThis.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}
const systemPrefersDark = () => globalThis.matchMedia?.(DARK_QUERY).matches ?? false;

/** The admin's effective dark mode: the stored choice, else the live system preference. */
export function useAdminDark(): boolean {
  const chosen = useLayoutStore((state) => state.isDark);
  const system = useSyncExternalStore(subscribeSystemDark, systemPrefersDark, () => false);
  return chosen ?? system;
}
