import { useEffect, useState } from 'react';

/** Below this window height the Health Overview chart moves into the Graph tab. */
export const SHORT_SCREEN_HEIGHT = 800;

const isShort = () => window.innerHeight < SHORT_SCREEN_HEIGHT;

/** Whether the window is too short for the chart above the tabs; follows resizes. */
export function useShortScreen(): boolean {
  const [short, setShort] = useState(isShort);
  useEffect(() => {
    const update = () => setShort(isShort());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return short;
}
