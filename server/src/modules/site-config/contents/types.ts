import type { Language } from '@framecraft/contracts/constants';

/** A rich-text page in every interface language; `content` is trusted, sanitised HTML. */
export type LocalizedContent = Record<Language, { title: string; content: string }>;
