import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorageSet, type StorageSet } from './adapter.ts';
import { readQiniuSettings } from './qiniu.ts';
import { signLink, type SignedLink, type SignedLinkInput } from './signed-link.ts';
import { SigningKeys } from './signing-keys.ts';

export interface StorageService {
  /** The four roots (local/Qiniu × public/private). */
  adapters: StorageSet;
  /** HMAC secrets of signed download links. */
  keys: SigningKeys;
  /** A short-lived link to a stored object for one member (call it after checking ownership). */
  signedLink(input: SignedLinkInput): Promise<SignedLink>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageService;
  }
}

/** `app.storage`; after site-config (Qiniu settings are read from it at each use). */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const keys = new SigningKeys(app.deps.db, 'download');
    const adapters = createStorageSet(app.deps.env.dataDir, () => readQiniuSettings(app.siteConfig));
    app.decorate('storage', {
      adapters,
      keys,
      signedLink: (input: SignedLinkInput) => signLink(keys, input),
    } satisfies StorageService);
  },
  { name: 'storage', dependencies: ['site-config'] },
);
