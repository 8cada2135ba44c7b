import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A small accessible menu button (WAI-ARIA menu pattern): opens below its trigger, arrow keys move
 * between items, Escape / Tab / a click outside close it. Written here rather than taken from a
 * component library because it sits in the storefront header, on every page's first load.
 */
export function DropdownMenu({
  label,
  trigger,
  triggerTestId,
  children,
}: {
  label: string;
  trigger: ReactNode;
  triggerTestId?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open) return;
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
    else if (event.key === 'Tab') close();
  };

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        data-testid={triggerTestId}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
        className="flex h-9 items-center gap-2 rounded-full py-0.5 pr-2 pl-0.5 text-sm text-ink transition-colors hover:bg-surface-2 aria-expanded:bg-surface-2"
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute top-full right-0 z-50 mt-2 min-w-52 origin-top-right animate-[fc-menu-in_140ms_ease-out] rounded-xl border border-line-strong bg-surface p-1.5 shadow-xl shadow-black/25"
        >
          {children(() => close())}
        </div>
      )}
    </div>
  );
}

export const MENU_ITEM =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-ink outline-none hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none';
