import type { ComponentType } from 'react';
import {
  AmbulanceIcon,
  BellIcon,
  ClipboardListIcon,
  CloudDownloadAltIcon,
  CogIcon,
  CubesIcon,
  FileAltIcon,
  FlagIcon,
  HeartbeatIcon,
  HistoryIcon,
  InboxIcon,
  KeyIcon,
  LinkIcon,
  ListAltIcon,
  PlayCircleIcon,
  PlugIcon,
  ProjectDiagramIcon,
  ServerIcon,
  StethoscopeIcon,
  TopologyIcon,
  UserIcon,
  UsersIcon,
} from '@patternfly/react-icons';
import type { Whoami } from '../../../server/src/auth/whoami.js';
import type { Feature } from '../../../server/src/access/features.js';
import type { Resource } from '../../../server/src/access/roles.js';
import { can, isFeatureEnabled } from '../api/index.js';

/** One area of the console: where it lives, what it reads, and the feature flag that switches it off. */
export interface Area {
  title: string;
  /** Absolute in-app path of the area's landing page (the sidebar link). */
  path: string;
  icon: ComponentType;
  resource: Resource;
  feature: Feature;
}

/**
 * Every area, keyed by name. The sidebar, the route guards and the generic settings tables all read
 * this one table. Users and Teams manage people, so they need `identities`, which commanders,
 * responders and viewers cannot read (spec 1 §6).
 */
export const AREAS = {
  topology: {
    title: 'Topology',
    path: '/topology',
    icon: TopologyIcon,
    resource: 'topologies',
    feature: 'topology',
  },
  health: { title: 'Health', path: '/health', icon: HeartbeatIcon, resource: 'canaries', feature: 'health' },
  incidents: {
    title: 'Incidents',
    path: '/incidents',
    icon: AmbulanceIcon,
    resource: 'incident',
    feature: 'incidents',
  },
  catalog: { title: 'Catalog', path: '/catalog', icon: CubesIcon, resource: 'database', feature: 'config' },
  playbooks: {
    title: 'Playbooks',
    path: '/playbooks',
    icon: PlayCircleIcon,
    resource: 'playbooks',
    feature: 'playbooks',
  },
  notifications: {
    title: 'Notifications',
    path: '/notifications',
    icon: BellIcon,
    resource: 'notifications',
    feature: 'settings.notifications',
  },
  logs: { title: 'Logs', path: '/logs', icon: FileAltIcon, resource: 'logging_backends', feature: 'logs' },
  agents: {
    title: 'Agents',
    path: '/settings/agents',
    icon: ServerIcon,
    resource: 'agents',
    feature: 'agents',
  },
  catalogScrapers: {
    title: 'Catalog Scraper',
    path: '/settings/config_scrapers',
    icon: CloudDownloadAltIcon,
    resource: 'config_scrapers',
    feature: 'settings.config_scraper',
  },
  connections: {
    title: 'Connections',
    path: '/settings/connections',
    icon: LinkIcon,
    resource: 'connections',
    feature: 'settings.connections',
  },
  eventQueue: {
    title: 'Event Queue',
    path: '/settings/event-queue-status',
    icon: InboxIcon,
    resource: 'database',
    feature: 'settings.event_queue_status',
  },
  featureFlags: {
    title: 'Feature Flags',
    path: '/settings/feature-flags',
    icon: FlagIcon,
    resource: 'feature_flags',
    feature: 'settings.feature_flags',
  },
  healthChecks: {
    title: 'Health Check',
    path: '/settings/canaries',
    icon: StethoscopeIcon,
    resource: 'canaries',
    feature: 'settings.health',
  },
  integrations: {
    title: 'Integrations',
    path: '/settings/integrations',
    icon: PlugIcon,
    resource: 'integrations',
    feature: 'settings.integrations',
  },
  jobs: {
    title: 'Jobs History',
    path: '/settings/jobs',
    icon: HistoryIcon,
    resource: 'database',
    feature: 'settings.job_history',
  },
  logBackends: {
    title: 'Log Backends',
    path: '/settings/logging_backends',
    icon: ListAltIcon,
    resource: 'logging_backends',
    feature: 'settings.logging_backends',
  },
  permissions: {
    title: 'Permissions',
    path: '/settings/permissions',
    icon: KeyIcon,
    resource: 'permissions',
    feature: 'settings.permissions',
  },
  rules: {
    title: 'Rules',
    path: '/settings/incident_rules',
    icon: ClipboardListIcon,
    resource: 'incident',
    feature: 'settings.rules',
  },
  teams: {
    title: 'Teams',
    path: '/settings/teams',
    icon: UsersIcon,
    resource: 'identities',
    feature: 'settings.teams',
  },
  topologies: {
    title: 'Topology',
    path: '/settings/topologies',
    icon: ProjectDiagramIcon,
    resource: 'topologies',
    feature: 'settings.topology',
  },
  users: {
    title: 'Users',
    path: '/settings/users',
    icon: UserIcon,
    resource: 'identities',
    feature: 'settings.users',
  },
} as const satisfies Record<string, Area>;

export type AreaKey = keyof typeof AREAS;

export const SETTINGS_ICON = CogIcon;

/** The top-level sidebar items, in order. */
export const MAIN_NAV: readonly AreaKey[] = [
  'topology',
  'health',
  'incidents',
  'catalog',
  'playbooks',
  'notifications',
  'logs',
];

/** The Settings submenu, sorted by name (spec 3 §2.3). */
export const SETTINGS_NAV: readonly AreaKey[] = (
  [
    'agents',
    'catalogScrapers',
    'connections',
    'eventQueue',
    'featureFlags',
    'healthChecks',
    'integrations',
    'jobs',
    'logBackends',
    'permissions',
    'rules',
    'teams',
    'topologies',
    'users',
  ] as const
)
  .slice()
  .sort((a, b) => AREAS[a].title.localeCompare(AREAS[b].title));

/** The generic resource tables of spec 3 §2.3, served at /settings/{table} and /settings/{table}/{id}. */
export const SETTINGS_TABLES: Readonly<Record<string, AreaKey>> = {
  topologies: 'topologies',
  connections: 'connections',
  logging_backends: 'logBackends',
  notifications: 'notifications',
  properties: 'featureFlags',
  canaries: 'healthChecks',
  config_scrapers: 'catalogScrapers',
  incident_rules: 'rules',
  teams: 'teams',
  permissions: 'permissions',
};

/** The area behind a generic settings table, or undefined for a table the console does not know. */
export function settingsTableArea(table: string | undefined): AreaKey | undefined {
  return table !== undefined && Object.hasOwn(SETTINGS_TABLES, table) ? SETTINGS_TABLES[table] : undefined;
}

export type AreaAccess = 'allowed' | 'disabled' | 'unauthorized';

/** Whether the signed-in user may open an area: a disabled feature wins over a missing permission. */
export function areaAccess(whoami: Whoami | undefined, key: AreaKey): AreaAccess {
  const area: Area = AREAS[key];
  if (!isFeatureEnabled(whoami, area.feature)) return 'disabled';
  return can(whoami, area.resource, 'read') ? 'allowed' : 'unauthorized';
}

export interface NavItems {
  main: AreaKey[];
  /** Empty when the whole Settings group is hidden. */
  settings: AreaKey[];
}

/** The sidebar items a user sees: readable, enabled areas; no Settings group for viewers (spec 1 §6). */
export function visibleNavItems(whoami: Whoami | undefined): NavItems {
  const allowed = (key: AreaKey) => areaAccess(whoami, key) === 'allowed';
  return {
    main: MAIN_NAV.filter(allowed),
    settings: can(whoami, 'settings.view') ? SETTINGS_NAV.filter(allowed) : [],
  };
}
