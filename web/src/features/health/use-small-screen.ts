import { useEffect, useState } from 'react';

/** Below this window width the filter panel starts closed and a button opens it (spec 1 §2). */
export const SMALL_SCREEN_BELOW_PX = 1024;

const isSmall = () => window.innerWidth < SMALL_SCREEN_BELOW_PX;

/** Whether the window is narrower than SMALL_SCREEN_BELOW_PX, following resizes. */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(isSmall);
  useEffect(() => {
    const onResize = () => setSmall(isSmall());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return small;
}
