import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useHref, useNavigate, type To } from 'react-router';
import '@patternfly/react-styles/css/components/Tabs/tabs.css';

export interface TabLink {
  key: string;
  title: ReactNode;
  /** Where the tab leads: a path, or `{ search }` for a tab kept in the query. */
  to: To;
}

export interface TabLinksProps {
  tabs: readonly TabLink[];
  /** The key of the current tab. */
  active: string;
  /** The tab list's accessible name. */
  label: string;
  /** The element the tabs control: it has role tabpanel and is labelled by the current tab. */
  panelId: string;
  /** The id of a tab's link, for the panel's aria-labelledby. */
  tabId: (key: string) => string;
  vertical?: boolean;
  /** Opening a tab replaces the history entry instead of adding one. */
  replace?: boolean;
  id?: string;
}

/** A click the console routes itself: the main button without a key that asks for a new tab or window. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The keys that move focus along a tab list (ARIA's tabs pattern), to the index they lead to. */
function focusTarget(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowDown' || key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * A tab strip drawn with PatternFly's tabs stylesheet but not its Tabs component: that one measures
 * its list on mount and on every update (the text's direction, scroll buttons, the current tab's
 * accent), forced style and layout of the whole page in a first render. The tabs are links (new
 * tab, copy address) that route inside the console on a plain click; arrows, Home and End move
 * between them, Enter or Space opens one. A horizontal list that overflows scrolls.
 */
export function TabLinks({ tabs, active, label, panelId, tabId, vertical, replace, id }: TabLinksProps) {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
      return;
    }
    const target = focusTarget(event.key, index, tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    links.current[target]?.focus();
  };
  return (
    <div id={id} className={vertical ? 'pf-v6-c-tabs pf-m-vertical' : 'pf-v6-c-tabs'}>
      <ul
        className="pf-v6-c-tabs__list"
        role="tablist"
        aria-label={label}
        aria-orientation={vertical ? 'vertical' : 'horizontal'}
      >
        {tabs.map((tab, index) => (
          <TabItem
            key={tab.key}
            tab={tab}
            selected={tab.key === active}
            id={tabId(tab.key)}
            panelId={panelId}
            replace={replace}
            linkRef={(link) => {
              links.current[index] = link;
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          />
        ))}
      </ul>
    </div>
  );
}

interface TabItemProps {
  tab: TabLink;
  selected: boolean;
  id: string;
  panelId: string;
  replace?: boolean;
  linkRef: (link: HTMLAnchorElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

function TabItem({ tab, selected, id, panelId, replace, linkRef, onKeyDown }: TabItemProps) {
  const navigate = useNavigate();
  const href = useHref(tab.to);
  return (
    <li className={selected ? 'pf-v6-c-tabs__item pf-m-current' : 'pf-v6-c-tabs__item'} role="presentation">
      <a
        ref={linkRef}
        id={id}
        className="pf-v6-c-tabs__link"
        href={href}
        role="tab"
        aria-selected={selected}
        aria-controls={panelId}
        tabIndex={selected ? 0 : -1}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          void navigate(tab.to, { replace });
        }}
        onKeyDown={onKeyDown}
      >
        <span className="pf-v6-c-tabs__item-text">{tab.title}</span>
      </a>
    </li>
  );
}
