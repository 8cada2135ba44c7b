import { z } from 'zod';

export const refreshTokenBody = z.object({ refreshToken: z.string().trim().min(1).max(200) });

/** Logout: the refresh token is optional (a session without "keep me logged in" has none). */
export const logoutBody = z.object({ refreshToken: z.string().trim().max(200).optional().default('') });
