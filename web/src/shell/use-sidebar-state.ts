import { useCallback, useEffect, useState, type RefObject } from 'react';

export const SIDEBAR_STORAGE_KEY = 'ops-console.sidebar-collapsed';
/** Below this window width a click outside the expanded sidebar collapses it (spec 1 §2 Sidebar). */
export const AUTO_COLLAPSE_BELOW_PX = 1024;

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // Without storage the state simply lasts for this page.
  }
}

export interface SidebarState {
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
  toggle(): void;
}

/** Expanded or collapsed to an icon rail; the choice survives reloads. */
export function useSidebarState(): SidebarState {
  const [collapsed, setState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    writeCollapsed(next);
    setState(next);
  }, []);
  const toggle = useCallback(() => {
    setState((previous) => {
      writeCollapsed(!previous);
      return !previous;
    });
  }, []);
  return { collapsed, setCollapsed, toggle };
}

/**
 * On narrow windows the expanded sidebar takes space from the page: a click anywhere outside it
 * (and outside the toggle that opened it) collapses it again. On 'click', not 'mousedown': the
 * page moves when the sidebar collapses, and a collapse on press would make the release miss.
 */
export function useCollapseOnOutsideClick(
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  collapsed: boolean,
  collapse: () => void,
): void {
  useEffect(() => {
    if (collapsed) return;
    const onOutsideClick = (event: MouseEvent) => {
      if (window.innerWidth >= AUTO_COLLAPSE_BELOW_PX) return;
      const target = event.target as Node | null;
      if (target && inside.some((ref) => ref.current?.contains(target))) return;
      collapse();
    };
    document.addEventListener('click', onOutsideClick);
    return () => document.removeEventListener('click', onOutsideClick);
  }, [inside, collapsed, collapse]);
}
