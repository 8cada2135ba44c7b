import { create } from 'zustand';

export interface AdminTab {
  path: string;
  /** Query string the tab was opened with. */
  search: string;
  title: string;
  keepalive: boolean;
}

interface TabsStore {
  tabs: AdminTab[];
  open(tab: AdminTab): void;
  close(path: string): void;
  closeOthers(path: string): void;
}

/** Open pages of the back office (nav tabs); kept-alive tabs stay mounted while hidden. */
export const useAdminTabs = create<TabsStore>((set) => ({
  tabs: [],
  open(tab) {
    set((s) => {
      const index = s.tabs.findIndex((t) => t.path === tab.path);
      if (index === -1) return { tabs: [...s.tabs, tab] };
      const tabs = [...s.tabs];
      tabs[index] = { ...tabs[index]!, search: tab.search };
      return { tabs };
    });
  },
  close(path) {
    set((s) => ({ tabs: s.tabs.filter((t) => t.path !== path) }));
  },
  closeOthers(path) {
    set((s) => ({ tabs: s.tabs.filter((t) => t.path === path) }));
  },
}));
