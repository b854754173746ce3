import { useLocation, useSearchParams } from 'react-router';

/**
 * The tab of a detail page, kept in the URL's `tab` parameter (so a link or reload opens it);
 * the first tab when the parameter names none of them.
 */
export function useTabParam<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): [Tab, (tab: Tab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const tab = tabs.find((key) => key === searchParams.get('tab')) ?? tabs[0];
  const selectTab = (next: Tab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      // The page's navigation state (e.g. 'just created') survives a tab switch.
      { replace: true, state: location.state },
    );
  return [tab, selectTab];
}
