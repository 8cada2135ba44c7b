import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the block comes within `margin` of the viewport (then keeps them), and
 * a placeholder of the same height until then: a long page's lower shelves cost no work at load.
 */
export function WhenNear({ children, placeholder, margin = '600px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [near, setNear] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: `${margin} 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return <div ref={anchor}>{near ? children : placeholder}</div>;
}
