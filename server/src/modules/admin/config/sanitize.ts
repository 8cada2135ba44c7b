import sanitizeHtml from 'sanitize-html';

/**
 * Rich text an admin saves is served to every visitor as HTML (about page, agreements), so it is
 * cleaned on save: no scripts, event handlers, styles or javascript: URLs.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'del', 'ins', 'sub', 'sup'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: true,
  });
}
