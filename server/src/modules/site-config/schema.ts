import { z } from 'zod';
import { CONTENT_PAGE_NAMES } from './settings.ts';

export const contentQuery = z.object({ name: z.enum(CONTENT_PAGE_NAMES) });
