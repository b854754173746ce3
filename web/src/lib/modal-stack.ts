/** A portal of announcements (PatternFly's toast group: a container whose child is the live region). */
const isLiveRegion = (element: Element) =>
  element.hasAttribute('aria-live') || element.querySelector(':scope > [aria-live]') !== null;

/**
 * PatternFly's Modal marks every other child of the page's body `aria-hidden` each time it
 * re-renders, so a dialog opened from another dialog (the run dialog from the check drawer) is
 * hidden from screen readers, and lost to keyboard and test queries, as soon as the dialog behind
 * it updates (patternfly-react#12608, fixed after the release this console uses). This keeps
 * the newest open modal, whatever was opened after it (its menus) and the toasts reachable, and
 * the modals and page behind it hidden, also once a dialog on top closes (PatternFly then reveals
 * them all).
 */
export function keepTopmostModalReachable(body: HTMLElement = document.body): () => void {
  const reveal = () => {
    const children = Array.from(body.children);
    let top = -1;
    children.forEach((child, index) => {
      if (child.querySelector('[aria-modal="true"]')) top = index;
    });
    if (top < 0) return;
    children.forEach((child, index) => {
      // Toasts (a live region) speak over any dialog: their links stay reachable.
      const hide = index < top && !isLiveRegion(child);
      if (hide && child.getAttribute('aria-hidden') !== 'true') child.setAttribute('aria-hidden', 'true');
      if (!hide && child.hasAttribute('aria-hidden')) child.removeAttribute('aria-hidden');
    });
  };
  // A modal or menu added to the body, and aria-hidden set on one of the body's children.
  const added = new MutationObserver(reveal);
  added.observe(body, { childList: true });
  const hidden = new MutationObserver((records) => {
    if (records.some((record) => record.target.parentNode === body)) reveal();
  });
  hidden.observe(body, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
  return () => {
    added.disconnect();
    hidden.disconnect();
  };
}
