import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, page, footer: the frame of every storefront and member-centre page. */
export function StorefrontLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <KeepAliveOutlet />
      </main>
      <SiteFooter />
    </div>
  );
}
