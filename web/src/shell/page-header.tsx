import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMatches, type Params } from 'react-router';

/** What a page puts in the top bar. */
export interface PageHeaderProps {
  /** Plain text, or a breadcrumb. */
  title: ReactNode;
  /** Extra buttons shown after the title. */
  actions?: ReactNode;
  /** Shows a refresh button calling this. */
  onRefresh?: () => void;
  /** Spins the refresh button. */
  isRefreshing?: boolean;
}

const HeaderValue = createContext<PageHeaderProps | undefined>(undefined);
const HeaderSetter = createContext<((header: PageHeaderProps | undefined) => void) | undefined>(undefined);

/** Holds the header of the page currently shown; the shell wraps the top bar and the page in it. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeaderProps>();
  return (
    <HeaderSetter.Provider value={setHeader}>
      <HeaderValue.Provider value={header}>{children}</HeaderValue.Provider>
    </HeaderSetter.Provider>
  );
}

/** The header the current page declared, if any. */
export function usePageHeader(): PageHeaderProps | undefined {
  return useContext(HeaderValue);
}

/**
 * Declares the current page's title, actions and refresh button for the top bar; renders nothing
 * itself. Outside the shell (public and gating screens) it only sets the browser tab's title.
 */
export function PageHeader({ title, actions, onRefresh, isRefreshing }: PageHeaderProps) {
  const setHeader = useContext(HeaderSetter);
  useEffect(() => {
    setHeader?.({ title, actions, onRefresh, isRefreshing });
  }, [setHeader, title, actions, onRefresh, isRefreshing]);
  useEffect(() => () => setHeader?.(undefined), [setHeader]);
  const outsideShell = setHeader === undefined;
  useEffect(() => {
    if (outsideShell) setDocumentTitle(title);
  }, [outsideShell, title]);
  return null;
}

/** The browser tab's title: the page's title (when it is text) and the product name. */
export function setDocumentTitle(title: ReactNode): void {
  document.title = typeof title === 'string' && title !== '' ? `${title} · Ops Console` : 'Ops Console';
}

/** A route's title: a fixed text, or worked out from its parameters (e.g. a settings table name). */
export type RouteTitle = string | ((params: Params) => string | undefined);

export interface RouteHandle {
  title?: RouteTitle;
}

/** The title of the deepest matched route that names one; the top bar's fallback. */
export function useRouteTitle(): string | undefined {
  for (const match of [...useMatches()].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    const text = typeof title === 'function' ? title(match.params) : title;
    if (text) return text;
  }
  return undefined;
}
