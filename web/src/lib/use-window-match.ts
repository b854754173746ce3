import { useEffect, useState } from 'react';

/**
 * Whether the window passes `test` (a size rule), following resizes. `test` should be a
 * module-level function, so the listener is not re-added at every render.
 */
export function useWindowMatch(test: (view: Window) => boolean): boolean {
  // A first screen drawn on the server is a wide window's (web/src/server-render.tsx).
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && test(window));
  useEffect(() => {
    const update = () => setMatches(test(window));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [test]);
  return matches;
}
