import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The white (or dark) card every admin page sits on. */
export function PageCard({ children, title, extra }: { children: ReactNode; title?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section className="rounded-xl p-4 sm:p-5" style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}>
      {(title || extra) && (
        <header className="mb-4 flex items-center justify-between gap-3">
          <h1 className="text-base font-semibold" style={{ color: token.colorText }}>
            {title}
          </h1>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
