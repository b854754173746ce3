/**
 * A rule's message for an event: its `title` and `template` (markdown with Go-template
 * expressions over the event's context, `{{.check.name}}`), or the default of the event, which
 * names the resource, its status, the reason and the console's permalink.
 */
import { renderGoTemplate } from '../../../lib/go-template.js';
import type { NotificationMessage } from './delivery-contract.js';

type Env = Record<string, unknown>;

const field = (env: Env, kind: string, name: string): string => {
  const row = env[kind] as Record<string, unknown> | undefined;
  const value = row?.[name];
  return value === undefined || value === null ? '' : String(value);
};

/** What the event says about its resource: the verb of the title. */
const STATE: Record<string, string> = {
  'check.failed': 'has failed',
  'check.passed': 'has passed',
  'component.healthy': 'is healthy',
  'component.unhealthy': 'is unhealthy',
  'component.warning': 'has a warning',
  'component.unknown': 'is in an unknown state',
  'config.created': 'was created',
  'config.updated': 'was updated',
  'config.deleted': 'was deleted',
  'config.healthy': 'is healthy',
  'config.unhealthy': 'is unhealthy',
  'config.warning': 'has a warning',
  'config.unknown': 'is in an unknown state',
  'playbook.approval.inserted': 'was approved',
  'playbook.spec.approval.updated': 'had its approval changed',
};

const KIND_TITLE: Record<string, string> = { check: 'Check', component: 'Component', config: 'Catalog item' };

function defaultTitle(eventName: string, env: Env): string {
  const kind = eventName.split('.')[0]!;
  if (kind === 'playbook') return `A playbook run ${STATE[eventName] ?? eventName}`;
  const name = String(env.name || 'unknown');
  return `${KIND_TITLE[kind] ?? kind} ${name} ${STATE[eventName] ?? `: ${eventName}`}`;
}

function defaultBody(eventName: string, env: Env): string {
  const kind = eventName.split('.')[0]!;
  // The resource by name first: a rule with a title of its own ("Payments alerts") sends the
  // same title for every event, and the body must still say what it is about.
  const lines: string[] = kind in KIND_TITLE ? [`${KIND_TITLE[kind]}: ${String(env.name || 'unknown')}`] : [];
  if (kind === 'check') {
    lines.push(`Canary: ${field(env, 'canary', 'name')}`);
    if (field(env, 'canary', 'namespace')) lines.push(`Namespace: ${field(env, 'canary', 'namespace')}`);
    lines.push(`Status: ${field(env, 'check', 'status') || 'unknown'}`);
    const reason = field(env, 'check_status', 'error') || field(env, 'check_status', 'message');
    if (reason) lines.push(`Reason: ${reason}`);
  } else if (kind === 'component') {
    lines.push(`Type: ${field(env, 'component', 'type')}`);
    lines.push(`Health: ${field(env, 'component', 'health') || 'unknown'}`);
    lines.push(`Status: ${field(env, 'component', 'status')}`);
    const reason = field(env, 'component', 'status_reason');
    if (reason) lines.push(`Reason: ${reason}`);
  } else if (kind === 'config') {
    lines.push(`Type: ${field(env, 'config', 'type')}`);
    lines.push(`Health: ${field(env, 'config', 'health') || 'unknown'}`);
    if (field(env, 'config', 'status')) lines.push(`Status: ${field(env, 'config', 'status')}`);
    const reason = field(env, 'config', 'description');
    if (reason) lines.push(`Reason: ${reason}`);
  } else {
    lines.push(`Event: ${eventName}`);
  }
  const agent = field(env, 'agent', 'name');
  if (agent && agent !== 'local') lines.push(`Agent: ${agent}`);
  lines.push('', `[Reference](${String(env.permalink)})`);
  return lines.join('\n');
}

/** Thrown when the rule's own title or template cannot be rendered. */
export class TemplateFailure extends Error {}

function render(part: 'title' | 'template', text: string, env: Env): string {
  try {
    return renderGoTemplate(text, env).trim();
  } catch (error) {
    throw new TemplateFailure(`${part} cannot be rendered: ${(error as Error).message.split('\n')[0]}`);
  }
}

export function renderMessage(
  rule: { title: string | null; template: string | null; properties: Record<string, unknown> | null },
  eventName: string,
  env: Env,
): NotificationMessage {
  const title = rule.title?.trim() ? render('title', rule.title, env) : defaultTitle(eventName, env);
  const body = rule.template?.trim() ? render('template', rule.template, env) : defaultBody(eventName, env);
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(rule.properties ?? {}))
    if (typeof value === 'string') properties[key] = value;
  return { title, body, properties };
}
