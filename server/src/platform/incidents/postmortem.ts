/**
 * The postmortem of an incident as Markdown: its summary, the timeline from the changelog, the
 * hypotheses as a tree with their evidence and comments, and the definition of done. Pure: the
 * router reads the rows (postmortemInput) and this renders them.
 */
import { capitalised, mentionsAsText } from '../../../../common/incidents.js';
import type { Queryable } from '../db/db.js';

export interface PostmortemIncident {
  incident_id: string;
  title: string;
  description: string | null;
  type: string;
  severity: string;
  status: string;
  commander: string | null;
  created_by: string | null;
  created_at: Date | string;
  resolved: Date | string | null;
  closed: Date | string | null;
}

export interface PostmortemEvent {
  type: string;
  description: string | null;
  actor: string | null;
  created_at: Date | string;
}

export interface PostmortemHypothesis {
  id: string;
  parent_id: string | null;
  title: string | null;
  type: string;
  status: string;
  created_at: Date | string;
}

export interface PostmortemEvidence {
  id: string;
  hypothesis_id: string;
  type: string;
  description: string | null;
  evidence: Record<string, unknown> | null;
  /** What the evidence points at, by name: the component, config, check, change or insight. */
  target: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  created_at: Date | string;
}

export interface PostmortemComment {
  hypothesis_id: string | null;
  comment: string;
  author: string | null;
  created_at: Date | string;
}

export interface PostmortemInput {
  incident: PostmortemIncident;
  history: PostmortemEvent[];
  hypotheses: PostmortemHypothesis[];
  evidences: PostmortemEvidence[];
  comments: PostmortemComment[];
}

/** The download's file name: INC0000042-postmortem.md (anything but a plain name's characters as _). */
export const postmortemFileName = (incidentId: string) =>
  `${incidentId.replace(/[^A-Za-z0-9._-]/g, '_')}-postmortem.md`;

/** A time as the document shows it: '2026-11-26 16:29 UTC'; none: '—'. */
export function formatTime(value: Date | string | null): string {
  if (value === null) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Text on one line where Markdown would read it as markup: escaped, newlines folded. */
export function inline(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/([\\`*_[\]<>|])/g, '\\$1')
    .replace(/^([#+-]|\d+\.)(\s)/, '\\$1$2')
    .trim();
}

/** A block of free text (descriptions, comments): kept as paragraphs, quoted. */
function quoted(text: string, indent: string): string[] {
  return text
    .trim()
    .split(/\n/)
    .map((line) => `${indent}> ${line.replace(/([\\`*_[\]<>|])/g, '\\$1')}`.trimEnd());
}

/** A fenced code block whose fence no line of the content closes. */
function fenced(lines: string[], indent: string): string[] {
  const longest = Math.max(2, ...lines.map((line) => /`+/.exec(line)?.[0].length ?? 0));
  const fence = '`'.repeat(longest + 1);
  return [`${indent}${fence}`, ...lines.map((line) => `${indent}${line}`), `${indent}${fence}`];
}

const HISTORY_WORDS: Record<string, string> = {
  'incident.created': 'Incident created',
  'incident.status_updated': 'Status changed',
  'incident_status.updated': 'Status changed',
  'responder.created': 'Responder added',
  'evidence.created': 'Evidence added',
  'evidence.done_definition_added': 'Added to the definition of done',
  'responder.commented': 'Commented',
  'hypothesis.created': 'Hypothesis created',
  'hypothesis.status_updated': 'Hypothesis status changed',
};

/** 'open -> investigating' as 'from Open to Investigating'. */
function describeEvent(event: PostmortemEvent): string {
  const description = event.description ?? '';
  const move = /^(\w+) -> (\w+)$/.exec(description);
  if (move) return `from ${capitalised(move[1]!)} to ${capitalised(move[2]!)}`;
  return inline(mentionsAsText(description));
}

const EVIDENCE_KIND: Record<string, string> = {
  log: 'Logs',
  topology: 'Component',
  config: 'Config',
  check: 'Check',
  config_change: 'Config change',
  config_analysis: 'Insight',
  comment: 'Comment',
};

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Log lines as `timestamp message`. */
function logLines(payload: Record<string, unknown>): string[] {
  return asArray(payload.lines).map((line) => {
    if (typeof line === 'string') return line;
    const { timestamp, message } = (line ?? {}) as { timestamp?: unknown; message?: unknown };
    const at = typeof timestamp === 'string' || timestamp instanceof Date ? formatTime(timestamp) : '';
    return `${at} ${typeof message === 'string' ? message : JSON.stringify(line)}`.trim();
  });
}

/** Config lines, the selected ones (by 1-based line number) marked with `>`. */
function configLines(payload: Record<string, unknown>): string[] {
  const selected = payload.selected_lines;
  const marked = new Set(
    selected && typeof selected === 'object' && !Array.isArray(selected) ? Object.keys(selected) : [],
  );
  return asArray(payload.lines).map(
    (line, n) =>
      `${marked.has(String(n + 1)) ? '>' : ' '} ${typeof line === 'string' ? line : JSON.stringify(line)}`,
  );
}

/** One evidence as a list item and what it holds. */
export function describeEvidence(evidence: PostmortemEvidence, indent: string): string[] {
  const kind = EVIDENCE_KIND[evidence.type] ?? capitalised(evidence.type);
  const parts = [`**${kind}**`];
  if (evidence.target) parts.push(inline(evidence.target));
  if (evidence.description && evidence.description !== evidence.target)
    parts.push(`${evidence.target ? '— ' : ''}${inline(mentionsAsText(evidence.description))}`);
  const payload = evidence.evidence ?? {};
  if (evidence.type === 'check' && typeof payload.start === 'string') {
    parts.push(
      `(statuses since ${inline(payload.start)}${payload.includeMessages ? ', with messages' : ''})`,
    );
  }
  if (evidence.definition_of_done) parts.push(evidence.done ? '· done' : '· not done');
  const out = [`${indent}- ${parts.join(' ')}`];
  const lines =
    evidence.type === 'log' ? logLines(payload) : evidence.type === 'config' ? configLines(payload) : [];
  if (lines.length > 0) out.push(...fenced(lines, `${indent}  `));
  return out;
}

const byTime = <T extends { created_at: Date | string }>(a: T, b: T) =>
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime();

function hypothesisTree(input: PostmortemInput): string[] {
  const children = new Map<string | null, PostmortemHypothesis[]>();
  const ids = new Set(input.hypotheses.map((h) => h.id));
  for (const hypothesis of [...input.hypotheses].sort(byTime)) {
    // A hypothesis whose parent is gone still shows, at the top.
    const parent = hypothesis.parent_id && ids.has(hypothesis.parent_id) ? hypothesis.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), hypothesis]);
  }
  const out: string[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const hypothesis of children.get(parent) ?? []) {
      const indent = '  '.repeat(depth);
      const title = hypothesis.title?.trim() ? inline(hypothesis.title) : '(no title)';
      out.push(
        `${indent}- **${capitalised(hypothesis.type)}:** ${title} — ${capitalised(hypothesis.status)}`,
      );
      const evidences = input.evidences.filter((e) => e.hypothesis_id === hypothesis.id).sort(byTime);
      if (evidences.length > 0) {
        out.push(`${indent}  - Evidence:`);
        for (const evidence of evidences) out.push(...describeEvidence(evidence, `${indent}    `));
      }
      const comments = input.comments.filter((c) => c.hypothesis_id === hypothesis.id).sort(byTime);
      if (comments.length > 0) {
        out.push(`${indent}  - Comments:`);
        for (const comment of comments) {
          out.push(
            `${indent}    - ${inline(comment.author ?? 'Someone')}, ${formatTime(comment.created_at)}:`,
          );
          out.push(...quoted(mentionsAsText(comment.comment), `${indent}      `));
        }
      }
      walk(hypothesis.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The postmortem of one incident, in Markdown. */
export function renderPostmortem(input: PostmortemInput): string {
  const { incident } = input;
  const out: string[] = [
    `# ${inline(incident.incident_id)}: ${inline(incident.title)}`,
    '',
    '## Summary',
    '',
    `- **Incident:** ${inline(incident.incident_id)}`,
    `- **Type:** ${capitalised(incident.type)}`,
    `- **Severity:** ${capitalised(incident.severity)}`,
    `- **Status:** ${capitalised(incident.status)}`,
    `- **Commander:** ${incident.commander ? inline(incident.commander) : '—'}`,
    `- **Created:** ${formatTime(incident.created_at)}${incident.created_by ? ` by ${inline(incident.created_by)}` : ''}`,
    `- **Resolved:** ${formatTime(incident.resolved)}`,
    `- **Closed:** ${formatTime(incident.closed)}`,
    '',
  ];
  if (incident.description?.trim()) out.push(...quoted(mentionsAsText(incident.description), ''), '');

  out.push('## Timeline', '');
  if (input.history.length === 0) out.push('No changelog found', '');
  else {
    for (const event of [...input.history].sort(byTime)) {
      const what = HISTORY_WORDS[event.type] ?? event.type;
      const by = event.actor ? ` by ${inline(event.actor)}` : '';
      const detail = describeEvent(event);
      out.push(`- ${formatTime(event.created_at)} — ${what}${by}${detail ? `: ${detail}` : ''}`);
    }
    out.push('');
  }

  out.push('## Hypotheses', '');
  const tree = hypothesisTree(input);
  out.push(...(tree.length > 0 ? tree : ['No hypotheses']), '');

  out.push('## Definition of done', '');
  const definition = input.evidences.filter((e) => e.definition_of_done).sort(byTime);
  if (definition.length === 0) out.push('No evidence is part of the definition of done', '');
  else {
    for (const evidence of definition) {
      const kind = EVIDENCE_KIND[evidence.type] ?? capitalised(evidence.type);
      const label = inline(mentionsAsText(evidence.description ?? evidence.target ?? kind));
      out.push(
        `- [${evidence.done ? 'x' : ' '}] ${label} (${kind}) — ${evidence.done ? 'done' : 'not done'}`,
      );
      if (evidence.script?.trim()) out.push(`  - Script: \`${evidence.script.replace(/`/g, "'")}\``);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The rows of one incident's postmortem; null when there is no such incident. */
export async function postmortemInput(db: Queryable, id: string): Promise<PostmortemInput | null> {
  const { rows: incidents } = await db.query<PostmortemIncident & { id: string }>(
    `select i.id, i.incident_id, i.title, i.description, i.type, i.severity, i.status,
            cmd.name as commander, creator.name as created_by, i.created_at, i.resolved, i.closed
       from incidents i
       left join people cmd on cmd.id = i.commander_id
       left join people creator on creator.id = i.created_by
      where i.id::text = $1 or i.incident_id = $1`,
    [id],
  );
  const incident = incidents[0];
  if (!incident) return null;
  const [history, hypotheses, evidences, comments] = await Promise.all([
    db.query<PostmortemEvent>(
      `select h.type, h.description, p.name as actor, h.created_at
         from incident_histories h left join people p on p.id = h.created_by
        where h.incident_id = $1 order by h.created_at, h.id`,
      [incident.id],
    ),
    db.query<PostmortemHypothesis>(
      `select id, parent_id, title, type, status, created_at from hypotheses
        where incident_id = $1 order by created_at, id`,
      [incident.id],
    ),
    db.query<PostmortemEvidence>(
      `select e.id, e.hypothesis_id, e.type, e.description, e.evidence, e.definition_of_done, e.done,
              e.script, e.created_at,
              coalesce(comp.name, chk.name, ch.summary, an.summary, an.analyzer, cfg.name) as target
         from evidences e
         join hypotheses h on h.id = e.hypothesis_id
         left join components comp on comp.id = e.component_id
         left join checks chk on chk.id = e.check_id
         left join config_changes ch on ch.id = e.config_change_id
         left join config_analysis an on an.id = e.config_analysis_id
         left join configs cfg on cfg.id = e.config_id
        where h.incident_id = $1 order by e.created_at, e.id`,
      [incident.id],
    ),
    db.query<PostmortemComment>(
      `select c.hypothesis_id, c.comment, coalesce(p.name, c.external_created_by) as author, c.created_at
         from comments c left join people p on p.id = c.created_by
        where c.incident_id = $1 order by c.created_at, c.id`,
      [incident.id],
    ),
  ]);
  const { id: _id, ...summary } = incident;
  return {
    incident: summary,
    history: history.rows,
    hypotheses: hypotheses.rows,
    evidences: evidences.rows,
    comments: comments.rows,
  };
}
