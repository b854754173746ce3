import useSWR, { useSWRConfig } from 'swr';

/**
 * A counter per component that goes up when one of its catalog links is made or removed: the
 * panel's Catalog, Changes and Insights lists name their queries with it, so they read again
 * wherever the link was made (the card's menu or the panel's).
 */
const revisionKey = (componentId: string) => `topology/component-links-revision/${componentId}`;

export function useComponentLinksRevision(componentId: string): number {
  // No fetcher: the value lives in the SWR cache and changes only through the mutate below.
  const { data } = useSWR<number>(revisionKey(componentId), null, { fallbackData: 0 });
  return data ?? 0;
}

/** Tells the component's lists that its links changed. */
export function useComponentLinksChanged(): (componentId: string) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (componentId) =>
    mutate<number>(revisionKey(componentId), (revision = 0) => revision + 1, { revalidate: false });
}
