import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * HTML a notification was sent with, shown without what could run in the console: scripts, event
 * handlers, javascript: links, frames and forms are dropped before it reaches the page.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  });
}

export function SafeHtml({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <section
      aria-label={label}
      className="ops-notification-body"
      // Sanitized just above: what remains is markup without scripts or handlers.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
