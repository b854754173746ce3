import { useWindowMatch } from '../../../lib/use-window-match.js';

/** Below this window height the Health Overview chart moves into the Graph tab. */
export const SHORT_SCREEN_HEIGHT = 800;

const isShort = (view: Window) => view.innerHeight < SHORT_SCREEN_HEIGHT;

/** Whether the window is too short for the chart above the tabs; follows resizes. */
export const useShortScreen = (): boolean => useWindowMatch(isShort);
