import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Cards rendered at first, and added each time the end of the list comes near the screen. */
export const CARDS_PER_BATCH = 60;

/**
 * The first cards of a long list at once and the rest as the user scrolls toward them: a root
 * view can hold thousands of components, and drawing them all would hold up the first screen.
 * Without IntersectionObserver (old browsers, tests) every card is drawn; a first screen drawn on
 * the server has the first cards, as the browser's.
 */
export function ProgressiveCards<T>({
  items,
  render,
  label,
}: {
  items: readonly T[];
  render: (item: T) => ReactNode;
  label: string;
}) {
  const batched = typeof IntersectionObserver !== 'undefined' || typeof window === 'undefined';
  const [count, setCount] = useState(CARDS_PER_BATCH);
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = batched ? Math.min(count, items.length) : items.length;
  const more = shown < items.length;

  useEffect(() => {
    const target = sentinel.current;
    if (!batched || !more || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((n) => n + CARDS_PER_BATCH);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [batched, more, shown]);

  return (
    <>
      <section className="ops-topology-cards" aria-label={label}>
        {items.slice(0, shown).map(render)}
      </section>
      {more && <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />}
    </>
  );
}
