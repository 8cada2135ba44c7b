import { accountSchema, mobileSchema, passwordSchema } from '@framecraft/contracts/validation';
import { z } from 'zod';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(32),
  keep: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).optional().default(false),
  captchaId: z.string().max(100).optional(),
  captchaInfo: z.string().max(500).optional(),
});

export const profileBody = z.object({
  nickname: z.string().trim().min(1).max(50),
  avatar: z.string().trim().max(255).optional().default(''),
  email: z.union([z.literal(''), z.email().max(100)]).optional().default(''),
  mobile: z.union([z.literal(''), mobileSchema]).optional().default(''),
  motto: z.string().trim().max(255).optional().default(''),
  password: z.union([z.literal(''), passwordSchema]).optional().default(''),
});

export const clearCacheBody = z.object({ type: z.enum(['all', 'config']).optional().default('all') });

export { accountSchema };
