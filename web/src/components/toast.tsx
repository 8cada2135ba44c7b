import { MESSAGE_OFFSET, TOAST_Z_INDEX } from '@framecraft/contracts/constants';
import { useSyncExternalStore } from 'react';

/** A lean toast: a module-level queue so non-React code (the request layer) can call it. */
export type ToastKind = 'success' | 'error';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const DURATION_MS: Record<ToastKind, number> = { success: 3000, error: 4500 };
const MAX_VISIBLE = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  emit(items.filter((item) => item.id !== id));
}

function show(kind: ToastKind, message: string) {
  if (!message) return;
  const id = nextId++;
  emit([...items.filter((item) => !(item.kind === kind && item.message === message)), { id, kind, message }].slice(-MAX_VISIBLE));
  setTimeout(() => dismiss(id), DURATION_MS[kind]);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const visible = useSyncExternalStore(subscribe, () => items, () => items);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 flex flex-col items-center gap-2 px-4"
      style={{ top: MESSAGE_OFFSET, zIndex: TOAST_Z_INDEX }}
    >
      {visible.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={item.kind}
          onClick={() => dismiss(item.id)}
          className="pointer-events-auto flex max-w-md animate-[fc-toast-in_180ms_ease-out] items-start gap-2.5 rounded-xl border border-line-strong bg-surface/95 px-4 py-2.5 text-sm text-ink shadow-lg shadow-black/20 backdrop-blur"
        >
          <span
            aria-hidden
            className={`mt-1.5 size-2 shrink-0 rounded-full ${item.kind === 'error' ? 'bg-red-500' : 'bg-emerald-500'}`}
          />
          <span className="break-words">{item.message}</span>
        </div>
      ))}
    </div>
  );
}
