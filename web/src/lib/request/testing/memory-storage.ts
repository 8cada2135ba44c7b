/**
 * Environment shim for tests under node: an in-memory Web Storage on `globalThis.localStorage`,
 * and a settable `navigator.onLine`. Import it FIRST in a test file, before any store reads storage.
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true, writable: true });

const navigatorShim = { onLine: true };
Object.defineProperty(globalThis, 'navigator', { value: navigatorShim, configurable: true, writable: true });

export function setOnline(online: boolean): void {
  navigatorShim.onLine = online;
}
