import { useWindowMatch } from '../../lib/use-window-match.js';

/** Below this window width the filter panel starts closed and a button opens it (spec 1 §2). */
export const SMALL_SCREEN_BELOW_PX = 1024;

const isSmall = (view: Window) => view.innerWidth < SMALL_SCREEN_BELOW_PX;

/** Whether the window is narrower than SMALL_SCREEN_BELOW_PX, following resizes. */
export const useSmallScreen = (): boolean => useWindowMatch(isSmall);
