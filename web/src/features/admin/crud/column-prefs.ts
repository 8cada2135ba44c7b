import { useCallback, useState } from 'react';

export interface ColumnPrefs {
  /** Field names in display order. */
  order: string[];
  hidden: string[];
}

const key = (controller: string) => `fc-admin-columns:${controller}`;

function read(controller: string, defaults: ColumnPrefs): ColumnPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key(controller)) ?? 'null') as ColumnPrefs | null;
    if (!stored || !Array.isArray(stored.order) || !Array.isArray(stored.hidden)) return defaults;
    // Fields added since the preference was saved go to the end, removed ones are dropped.
    const order = [...stored.order.filter((f) => defaults.order.includes(f)), ...defaults.order.filter((f) => !stored.order.includes(f))];
    return { order, hidden: stored.hidden.filter((f) => defaults.order.includes(f)) };
  } catch {
    return defaults;
  }
}

/** Column order and visibility of one admin table, kept across reloads in localStorage. */
export function useColumnPrefs(controller: string, defaults: ColumnPrefs) {
  const [prefs, setPrefs] = useState(() => read(controller, defaults));
  const update = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      localStorage.setItem(key(controller), JSON.stringify(next));
    },
    [controller],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(key(controller));
    setPrefs(defaults);
  }, [controller, defaults]);
  return { prefs, update, reset };
}
