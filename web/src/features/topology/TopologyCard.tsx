import { memo, useId, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { OnDemandTooltip } from '../../components/OnDemand/index.js';
import '@patternfly/react-styles/css/components/Label/label.css';
import { ComponentActionsMenu } from './actions/ComponentActionsMenu.js';
import { NARROW_CARD_BELOW } from './card-width.js';
import { ComponentIcon } from './ComponentIcon.js';
import { formatProperty, isShown } from './format-property.js';
import { componentIncidentsPath, componentInsightsPath, typeFilterPath } from './links.js';
import { CHILD_ITEMS_SHOWN, PROPERTIES_SHOWN, ShowMore } from './ShowMore.js';
import type { ComponentProperty, ComponentSummary, CountBy, TopologyComponent } from './types.js';
import './topology.css';

/** Spec 3 §9: at most this many owner avatars on a card. */
export const MAX_AVATARS = 5;

type LabelColor = 'green' | 'red' | 'orange' | 'grey' | 'yellow' | 'blue';

/** Spec 3 §2.2: check counts green healthy, red unhealthy, orange warning, gray unknown. */
export const CHECK_COLORS: [status: string, color: LabelColor][] = [
  ['healthy', 'green'],
  ['unhealthy', 'red'],
  ['warning', 'orange'],
  ['unknown', 'grey'],
];

const SEVERITY_COLORS: Record<string, LabelColor> = {
  critical: 'red',
  high: 'red',
  medium: 'orange',
  low: 'yellow',
  info: 'blue',
};
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];
const severityRank = (level: string) => {
  const rank = SEVERITY_ORDER.indexOf(level.toLowerCase());
  return rank === -1 ? SEVERITY_ORDER.length : rank;
};

/** Spec 3 §2.2: the card's border follows its health (unhealthy red, warning orange). */
export function cardHealth(component: Pick<TopologyComponent, 'status' | 'health'>): string {
  if (component.status === 'unhealthy' || component.health === 'unhealthy') return 'unhealthy';
  if (component.status === 'warning' || component.health === 'warning') return 'warning';
  return component.status;
}

/**
 * A count in a compact label of PatternFly's look. Drawn with its classes rather than its Label
 * component, which measures its text after every render to decide on a tooltip: a screen of
 * cards holds hundreds of counts, and as many forced layouts held up the first cards.
 */
function CountBadge({ count, color }: { count: number; color: LabelColor }) {
  return (
    <span className={`pf-v6-c-label pf-m-compact${color === 'grey' ? '' : ` pf-m-${color}`}`}>
      <span className="pf-v6-c-label__content">
        <span className="pf-v6-c-label__text">{count}</span>
      </span>
    </span>
  );
}

/** A count shown as a coloured label, a link when it leads somewhere. */
function CountLabel({
  count,
  color,
  to,
  label,
}: {
  count: number;
  color: LabelColor;
  to?: string;
  label: string;
}) {
  return to ? (
    <Link to={to} aria-label={label} className="ops-topology-card__count" data-color={color}>
      <CountBadge count={count} color={color} />
    </Link>
  ) : (
    <span aria-label={label} role="img" className="ops-topology-card__count" data-color={color}>
      <CountBadge count={count} color={color} />
    </span>
  );
}

/** healthy/unhealthy/warning/unknown counts as coloured labels, zeros left out. */
function StatusCounts({
  counts,
  noun,
  to,
}: {
  counts?: CountBy | ComponentSummary;
  noun: string;
  to?: string;
}) {
  const shown = CHECK_COLORS.flatMap(([status, color]) => {
    const count = Number((counts as Record<string, unknown> | undefined)?.[status] ?? 0);
    return count > 0 ? [{ status, color, count }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <span className="ops-topology-card__counts">
      {shown.map(({ status, color, count }) => (
        <CountLabel key={status} count={count} color={color} to={to} label={`${count} ${status} ${noun}`} />
      ))}
    </span>
  );
}

/** One line per type of open insights or incidents: the type, then a count per severity. */
function severityLines(
  byType: Record<string, CountBy> | undefined,
  noun: string,
  link: (type: string, severity: string) => string,
) {
  return Object.entries(byType ?? {}).flatMap(([type, bySeverity]) => {
    const counts = Object.entries(bySeverity)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => severityRank(a) - severityRank(b));
    if (counts.length === 0) return [];
    return [
      {
        key: `${noun}:${type}`,
        node: (
          <span className="ops-topology-card__line">
            <span className="ops-topology-card__line-name">
              {type} {noun}
            </span>
            <span className="ops-topology-card__counts">
              {counts.map(([severity, count]) => (
                <CountLabel
                  key={severity}
                  count={count}
                  color={SEVERITY_COLORS[severity.toLowerCase()] ?? 'grey'}
                  to={link(type, severity)}
                  label={`${count} ${severity} ${type} ${noun}`}
                />
              ))}
            </span>
          </span>
        ),
      },
    ];
  });
}

function PropertyValue({ property }: { property: ComponentProperty }) {
  const formatted = formatProperty(property);
  const value = (
    <span
      className="ops-topology-card__value"
      data-high-usage={formatted.high || undefined}
      style={formatted.high ? { color: 'var(--pf-t--global--color--status--danger--default)' } : undefined}
    >
      {formatted.text}
    </span>
  );
  const tooltip = formatted.detail ?? (property.tooltip || undefined);
  return tooltip ? (
    <OnDemandTooltip content={tooltip}>
      <span tabIndex={0}>{value}</span>
    </OnDemandTooltip>
  ) : (
    value
  );
}

function HeadlineMetrics({ properties }: { properties: ComponentProperty[] }) {
  if (properties.length === 0) return null;
  return (
    // The group names the list; on the dl itself a role would hide its terms from assistive technology.
    <div className="ops-topology-card__metrics-group" role="group" aria-label="Headline properties">
      <dl className="ops-topology-card__metrics">
        {properties.map((property) => (
          <div key={property.name} className="ops-topology-card__metric">
            <dt>{property.label ?? property.name}</dt>
            <dd>
              <PropertyValue property={property} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const initials = (name: string) =>
  name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** The owner and owning teams as avatars: at most five, then how many more. */
function Owners({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, MAX_AVATARS);
  const more = names.length - shown.length;
  return (
    <ul className="ops-topology-card__avatars" aria-label="Owners">
      {shown.map((name) => (
        <li key={name} className="ops-topology-card__avatar" title={name} aria-label={name}>
          <span aria-hidden="true">{initials(name) || '?'}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="ops-topology-card__avatar ops-topology-card__avatar--more" aria-label={`${more} more`}>
          <span aria-hidden="true">+{more}</span>
        </li>
      )}
    </ul>
  );
}

export interface TopologyCardProps {
  component: TopologyComponent;
  /** In pixels. */
  width: number;
  /** Where the card's title and the card itself lead (zooming in); none: the title is plain text. */
  zoomTo?: (component: TopologyComponent) => string | undefined;
  /** The public view's card: no menu. */
  readOnly?: boolean;
}

/** Whether a click landed on something of its own (a link, a button, the menu), not on the card. */
const onInteractive = (event: MouseEvent) =>
  (event.target as Element).closest(
    'a, button, input, select, textarea, [role="menu"], [role="menuitem"]',
  ) !== null;

/**
 * A component's card (spec 3 §2.2): icon, name, type, headline properties, status reason, the
 * other properties, its insights, checks and incidents, its children with their health, its
 * owners, and the actions menu; the border follows its health; clicking it zooms in.
 */
// Memoized: the page renders again as its other reads (labels, agents) arrive, and its cards
// have not changed then.
export const TopologyCard = memo(function TopologyCard({
  component,
  width,
  zoomTo,
  readOnly = false,
}: TopologyCardProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const properties = (component.properties ?? []).filter(isShown);
  const headline = properties.filter((p) => p.headline);
  const others = properties.filter((p) => !p.headline);
  const summary = component.summary;
  const children = component.components ?? [];
  const narrow = width < NARROW_CARD_BELOW;
  const health = cardHealth(component);
  const zoomPath = zoomTo?.(component);
  const title = component.title || component.text || component.name;
  const owners = [
    ...new Set([component.owner, ...(component.team_names ?? [])].filter((n): n is string => !!n)),
  ];

  const items: { key: string; node: ReactNode }[] = [
    ...severityLines(summary?.insights, 'insights', (type, severity) =>
      componentInsightsPath(component.id, type, severity),
    ),
  ];
  const checks = summary?.checks;
  if (checks && Object.values(checks).some((count) => count > 0)) {
    items.push({
      key: 'checks',
      node: (
        <span className="ops-topology-card__line">
          <span className="ops-topology-card__line-name">Checks</span>
          <StatusCounts counts={checks} noun="checks" to="/health" />
        </span>
      ),
    });
  }
  items.push(
    ...severityLines(summary?.incidents, 'incidents', (type, severity) =>
      componentIncidentsPath(component.id, type, severity),
    ),
  );
  if (children.length === 0 && !component.is_leaf) {
    items.push({
      key: 'own-health',
      node: (
        <span className="ops-topology-card__line">
          <span className="ops-topology-card__line-name">Health summary</span>
          <StatusCounts counts={summary} noun="components" />
        </span>
      ),
    });
  }
  for (const child of children) {
    const childPath = zoomTo?.(child);
    const childTitle = child.title || child.text || child.name;
    items.push({
      key: child.id,
      node: (
        <span className="ops-topology-card__line" data-health={cardHealth(child)}>
          <span className="ops-topology-card__line-name">
            <ComponentIcon icon={child.icon} size={14} />{' '}
            {childPath ? <Link to={childPath}>{childTitle}</Link> : childTitle}
          </span>
          <StatusCounts counts={child.summary} noun="components" />
        </span>
      ),
    });
  }

  return (
    <article
      className={`ops-topology-card${narrow ? ' ops-topology-card--narrow' : ''}`}
      data-health={health}
      aria-labelledby={titleId}
      style={{ width, maxWidth: '100%' }}
      onClick={(event) => {
        if (zoomPath && !onInteractive(event) && !window.getSelection()?.toString()) void navigate(zoomPath);
      }}
    >
      <header className="ops-topology-card__head">
        <span className="ops-topology-card__icon">
          <ComponentIcon icon={component.icon} size={28} />
        </span>
        <div className="ops-topology-card__heading">
          <h3 id={titleId} className="ops-topology-card__title" title={component.name}>
            {zoomPath ? <Link to={zoomPath}>{title}</Link> : title}
          </h3>
          <div className="ops-topology-card__subtitle">
            {component.type && (
              <Link to={typeFilterPath(component.type)} className="ops-topology-card__type">
                {component.type}
              </Link>
            )}
            {component.status_reason && (
              <span className="ops-topology-card__reason" title={component.status_reason}>
                {component.status_reason}
              </span>
            )}
          </div>
        </div>
        {!narrow && <HeadlineMetrics properties={headline} />}
        {!readOnly && (
          <div className="ops-topology-card__menu">
            <ComponentActionsMenu component={component} zoomIn />
          </div>
        )}
      </header>
      {narrow && headline.length > 0 && (
        <div className="ops-topology-card__footer-metrics">
          <HeadlineMetrics properties={headline} />
        </div>
      )}
      {(others.length > 0 || items.length > 0) && (
        <div className="ops-topology-card__body">
          <ShowMore
            className="ops-topology-card__column"
            label="Properties"
            shown={PROPERTIES_SHOWN}
            items={others.map((property) => ({
              key: property.name,
              node: (
                <span className="ops-topology-card__property">
                  <span className="ops-topology-card__property-name">{property.label ?? property.name}:</span>{' '}
                  <PropertyValue property={property} />
                </span>
              ),
            }))}
          />
          <ShowMore
            className="ops-topology-card__column"
            label="Health"
            shown={CHILD_ITEMS_SHOWN}
            items={items}
          />
        </div>
      )}
      {owners.length > 0 && (
        <footer className="ops-topology-card__footer">
          <Owners names={owners} />
        </footer>
      )}
    </article>
  );
});
