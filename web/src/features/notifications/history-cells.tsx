import type { ComponentType, SVGProps } from 'react';
import { Label, type LabelProps } from '@patternfly/react-core';
import { CatalogIcon, HeartbeatIcon, MonitoringIcon, TopologyIcon } from '@patternfly/react-icons';
import { Link } from 'react-router';
import { Age } from '../../components/Age/index.js';
import { NO_VALUE } from '../../lib/format.js';
import type { NotificationResource, SendHistoryRow } from './notifications-api.js';
import { statusLabel, type ResourceType, type SendStatus } from './notification-options.js';

const STATUS_COLOUR: Record<SendStatus, NonNullable<LabelProps['color']>> = {
  sent: 'green',
  error: 'red',
  pending: 'blue',
  cancelled: 'grey',
  'repeat-interval': 'purple',
  silenced: 'orange',
};

/** A send status in its colour, named as the screens name it ('Repeated'). */
export function SendStatusLabel({ status }: { status: string }) {
  return (
    <Label color={STATUS_COLOUR[status as SendStatus] ?? 'grey'} isCompact data-status={status}>
      {statusLabel(status)}
    </Label>
  );
}

/**
 * The row's age, and for a repeated notification how many it stands for since the first:
 * '(x5 over 3 hours)'.
 */
export function HistoryAge({
  row,
}: {
  row: Pick<SendHistoryRow, 'created_at' | 'count' | 'first_observed'>;
}) {
  return (
    <>
      <Age from={row.created_at} />
      {row.count > 1 && (
        <span className="pf-v6-u-text-color-subtle pf-v6-u-pl-xs">
          (x{row.count} over <Age from={row.first_observed} suffix={false} />)
        </span>
      )}
    </>
  );
}

const TYPE_ICON: Record<ResourceType, ComponentType<SVGProps<SVGSVGElement>>> = {
  check: HeartbeatIcon,
  canary: MonitoringIcon,
  component: TopologyIcon,
  config: CatalogIcon,
};

const isPicture = (icon: string) => /^(https?:\/\/|data:image\/)/i.test(icon);

/** Where a resource's own page is. */
export function resourcePath(type: ResourceType | null, id: string): string | undefined {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'check':
      return `/health?${new URLSearchParams({ checkId: id }).toString()}`;
    case 'config':
      return `/catalog/${encoded}`;
    case 'component':
      return `/topology/${encoded}`;
    case 'canary':
      return `/settings/canaries/${encoded}`;
    default:
      return undefined;
  }
}

/** A resource's icon (its picture, or its kind's symbol) and name, linked to its page. */
export function ResourceLink({
  type,
  resource,
}: {
  type: ResourceType | null;
  resource: NotificationResource | null | undefined;
}) {
  if (!resource) return <>{NO_VALUE}</>;
  const Symbol = (type && TYPE_ICON[type]) ?? HeartbeatIcon;
  const icon =
    resource.icon && isPicture(resource.icon) ? (
      <img src={resource.icon} alt="" width={16} height={16} />
    ) : (
      <Symbol aria-hidden />
    );
  const path = resourcePath(type, resource.id);
  const name = resource.name || resource.id;
  return (
    <span className="pf-v6-u-display-inline-flex pf-v6-u-align-items-center" style={{ gap: '0.375rem' }}>
      {icon}
      {path ? <Link to={path}>{name}</Link> : name}
    </span>
  );
}
