import { create } from 'zustand';

/**
 * A page title set by a page whose title is not known from its route (the back office, whose
 * pages come from the admin's menu rules; an item page, titled by the item's kind). The document
 * title uses it before the route's meta title.
 */
export const usePageTitle = create<{ title: string | null; set: (title: string | null) => void }>((set) => ({
  title: null,
  set: (title) => set({ title }),
}));
