import { Fragment } from 'react';
import { Link } from 'react-router';
import { pathIds, useComponentNames, type ComponentName } from './topology-api.js';

export const ROOT_CRUMB = 'Topology';

const Separator = () => (
  <span aria-hidden="true" className="ops-topology-crumb-separator" style={{ margin: '0 0.5em' }}>
    ›
  </span>
);

/**
 * The ids of the crumbs between the root and the component `id`: its ancestors (its `path`); when
 * it was reached from another component (`refererId`) that is not one of them, that component's
 * ancestors and the component itself.
 */
export function trailIds(current: ComponentName | undefined, referer: ComponentName | undefined): string[] {
  const ancestors = pathIds(current?.path);
  if (!referer || referer.id === current?.id || ancestors.includes(referer.id)) return ancestors;
  return [...pathIds(referer.path), referer.id];
}

/**
 * The page title of /topology and /topology/{id} (spec 3 §2.2): "Topology" (a link back to the
 * roots), then the component's ancestors by name (from `api/db/component_names`), then the
 * component. The top bar puts it in its h1, which holds phrasing content only: links and text.
 */
export function TopologyBreadcrumb({
  id,
  refererId,
  currentName,
}: {
  id?: string;
  refererId?: string;
  /** The component's name as the page already knows it, shown until its row is read. */
  currentName?: string;
}) {
  const ends = id ? [id, ...(refererId && refererId !== id ? [refererId] : [])] : [];
  const { data: endNames } = useComponentNames(ends);
  const current = endNames?.find((c) => c.id === id);
  const referer = endNames?.find((c) => c.id === refererId);
  const trail = endNames ? trailIds(current, referer) : [];
  const { data: trailNames } = useComponentNames(trail);
  const nameOf = new Map([...(trailNames ?? []), ...(endNames ?? [])].map((c) => [c.id, c.name]));

  if (!id) return <span aria-current="page">{ROOT_CRUMB}</span>;
  return (
    <span className="ops-topology-breadcrumb">
      <Link to="/topology">{ROOT_CRUMB}</Link>
      {trail.map((ancestor) => (
        <Fragment key={ancestor}>
          <Separator />
          {nameOf.has(ancestor) ? (
            <Link to={`/topology/${encodeURIComponent(ancestor)}`}>{nameOf.get(ancestor)}</Link>
          ) : (
            '…'
          )}
        </Fragment>
      ))}
      <Separator />
      <span aria-current="page">{current?.name ?? currentName ?? '…'}</span>
    </span>
  );
}
