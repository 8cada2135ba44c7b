import type { ReactNode } from 'react';

/** Phone and envelope outlines in the style of components/icons.tsx (only the account pages need them). */
const Outline = ({ children }: { children: ReactNode }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden width="1em" height="1em">
    {children}
  </svg>
);

export const PhoneIcon = () => (
  <Outline>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </Outline>
);

export const MailIcon = () => (
  <Outline>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </Outline>
);
