/** The notifications area's fixtures for its page tests: rows as /api/db answers them. */
import type { NotificationRule, RuleSummary, SendHistoryRow, Silence } from './notifications-api.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A notification sent an hour ago about a check; `patch` sets what a test needs. */
export function historyRow(patch: Partial<SendHistoryRow> = {}): SendHistoryRow {
  return {
    id: 'h1',
    notification_id: 'n1',
    status: 'sent',
    source_event: 'check.failed',
    resource_id: 'c1',
    resource_type: 'check',
    resource: { id: 'c1', name: 'api-health', type: 'http', icon: null },
    person: null,
    recipient: null,
    body: null,
    error: null,
    duration_millis: 120,
    count: 1,
    first_observed: hoursAgo(1),
    created_at: hoursAgo(1),
    ...patch,
  };
}

/** A rule made in the console, sending check.failed to person p1. */
export function ruleRow(patch: Partial<NotificationRule> = {}): NotificationRule {
  return {
    id: 'n1',
    name: 'failing-checks',
    title: 'Failing checks',
    events: ['check.failed'],
    filter: null,
    person_id: 'p1',
    team_id: null,
    custom_services: null,
    repeat_interval: '1h',
    template: null,
    properties: {},
    source: 'UI',
    error: null,
    error_at: null,
    created_by: 'u1',
    created_at: hoursAgo(48),
    updated_at: hoursAgo(24),
    ...patch,
  };
}

export function ruleSummaryRow(patch: Partial<RuleSummary> = {}): RuleSummary {
  return {
    ...ruleRow(),
    pending: 1,
    failed: 0,
    sent: 12,
    avg_duration_ms: 250,
    most_common_error: null,
    creator: { id: 'u1', name: 'Jane Doe', avatar: null },
    ...patch,
  };
}

/** A silence of check c1 for the next hour. */
export function silenceRow(patch: Partial<Silence> = {}): Silence {
  return {
    id: 's1',
    namespace: null,
    description: 'Planned maintenance',
    source: 'UI',
    canary_id: null,
    check_id: 'c1',
    component_id: null,
    config_id: null,
    from: hoursAgo(0),
    until: new Date(Date.now() + 3_600_000).toISOString(),
    recursive: false,
    created_by: 'u1',
    created_at: hoursAgo(0),
    updated_at: hoursAgo(0),
    deleted_at: null,
    creator: { id: 'u1', name: 'Jane Doe', avatar: null },
    check: { id: 'c1', name: 'api-health', type: 'http', icon: null },
    canary: null,
    component: null,
    config: null,
    ...patch,
  };
}

export const PEOPLE = [
  { id: 'p1', name: 'Person 1' },
  { id: 'p2', name: 'Person 2' },
];
export const TEAMS = [{ id: 't1', name: 'SRE' }];
export const CONNECTIONS = [
  { id: 'cn1', name: 'acme-webhook', namespace: 'default', type: 'generic_webhook' },
];
