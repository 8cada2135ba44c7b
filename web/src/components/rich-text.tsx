import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Links that open elsewhere must not hand the opener to the other page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
});

/** Server-supplied HTML, sanitised (no scripts, handlers or forms) and typeset (`rich-text`). */
export function RichText({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'], ADD_ATTR: ['target'] }),
    [html],
  );
  return <div data-testid={testId} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
