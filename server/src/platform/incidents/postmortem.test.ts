import { EVIDENCE_TYPES, mentionsAsText } from '../../../../common/incidents.js';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import {
  describeEvidence,
  formatTime,
  inline,
  postmortemFileName,
  postmortemInput,
  renderPostmortem,
  type PostmortemEvidence,
  type PostmortemInput,
} from './postmortem.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute));
const ALICE = '11111111-1111-4111-8111-111111111111';

const evidence = (over: Partial<PostmortemEvidence>): PostmortemEvidence => ({
  id: 'e1',
  hypothesis_id: 'root',
  type: 'comment',
  description: null,
  evidence: null,
  target: null,
  definition_of_done: false,
  done: false,
  script: null,
  created_at: at(5),
  ...over,
});

function incident(): PostmortemInput {
  return {
    incident: {
      incident_id: 'INC0000042',
      title: 'Checkout *errors*',
      description: 'Payments fail for\nsome customers',
      type: 'availability',
      severity: 'high',
      status: 'closed',
      commander: 'Alice Admin',
      created_by: 'Bob Builder',
      created_at: at(0),
      resolved: at(40),
      closed: at(50),
    },
    history: [
      {
        type: 'incident.status_updated',
        description: 'open -> resolved',
        actor: 'Alice Admin',
        created_at: at(40),
      },
      { type: 'incident.created', description: 'Checkout *errors*', actor: 'Bob Builder', created_at: at(0) },
      {
        type: 'responder.commented',
        description: `ping @[Alice Admin](user:${ALICE})`,
        actor: null,
        created_at: at(10),
      },
    ],
    hypotheses: [
      {
        id: 'factor',
        parent_id: 'root',
        title: 'Bad rollout',
        type: 'factor',
        status: 'likely',
        created_at: at(2),
      },
      {
        id: 'root',
        parent_id: null,
        title: 'Checkout *errors*',
        type: 'root',
        status: 'possible',
        created_at: at(1),
      },
      { id: 'fix', parent_id: 'factor', title: null, type: 'solution', status: 'proven', created_at: at(3) },
    ],
    evidences: [
      evidence({
        id: 'cfg',
        hypothesis_id: 'factor',
        type: 'config',
        target: 'checkout-deployment',
        description: 'the manifest',
        evidence: { lines: ['spec:', '  replicas: 3'], selected_lines: { '2': '  replicas: 3' } },
        definition_of_done: true,
        done: true,
        script: "config.status == 'healthy'",
      }),
      evidence({
        id: 'chk',
        hypothesis_id: 'root',
        type: 'check',
        target: 'checkout-http',
        description: 'checkout-http failing',
        evidence: { start: '-24h', includeMessages: true },
        definition_of_done: true,
      }),
    ],
    comments: [
      {
        hypothesis_id: 'factor',
        comment: `@[Alice Admin](user:${ALICE}) can you roll back?`,
        author: 'Bob Builder',
        created_at: at(12),
      },
    ],
  };
}

describe('the postmortem', () => {
  const markdown = renderPostmortem(incident());

  it('opens with the summary: id, title, type, severity, status, commander and the times', () => {
    expect(markdown.startsWith('# INC0000042: Checkout \\*errors\\*\n')).toBe(true);
    expect(markdown).toContain('- **Type:** Availability');
    expect(markdown).toContain('- **Severity:** High');
    expect(markdown).toContain('- **Status:** Closed');
    expect(markdown).toContain('- **Commander:** Alice Admin');
    expect(markdown).toContain('- **Created:** 2026-11-26 09:00 UTC by Bob Builder');
    expect(markdown).toContain('- **Resolved:** 2026-11-26 09:40 UTC');
    expect(markdown).toContain('- **Closed:** 2026-11-26 09:50 UTC');
    expect(markdown).toContain('> Payments fail for\n> some customers');
  });

  it('tells the timeline in time order with the actors, status moves in words, mentions as @name', () => {
    const timeline = markdown.slice(markdown.indexOf('## Timeline'), markdown.indexOf('## Hypotheses'));
    expect(timeline.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- 2026-11-26 09:00 UTC — Incident created by Bob Builder: Checkout \\*errors\\*',
      '- 2026-11-26 09:10 UTC — Commented: ping @Alice Admin',
      '- 2026-11-26 09:40 UTC — Status changed by Alice Admin: from Open to Resolved',
    ]);
  });

  it('draws the hypotheses as a tree with their evidence and comments', () => {
    const tree = markdown.slice(markdown.indexOf('## Hypotheses'), markdown.indexOf('## Definition of done'));
    const lines = tree.split('\n');
    const root = lines.indexOf('- **Root:** Checkout \\*errors\\* — Possible');
    const factor = lines.indexOf('  - **Factor:** Bad rollout — Likely');
    const solution = lines.indexOf('    - **Solution:** (no title) — Proven');
    expect(root).toBeGreaterThanOrEqual(0);
    expect(factor).toBeGreaterThan(root);
    expect(solution).toBeGreaterThan(factor);
    expect(tree).toContain(
      '**Check** checkout-http — checkout-http failing (statuses since -24h, with messages) · not done',
    );
    expect(tree).toContain('**Config** checkout-deployment — the manifest · done');
    // The config's lines fenced, the selected line marked.
    expect(tree).toContain('        ```\n          spec:\n        >   replicas: 3\n        ```');
    expect(tree).toContain('- Bob Builder, 2026-11-26 09:12 UTC:');
    expect(tree).toContain('> @Alice Admin can you roll back?');
    expect(tree).not.toContain('user:');
  });

  it('lists the definition of done with done and not done', () => {
    const done = markdown.slice(markdown.indexOf('## Definition of done'));
    expect(done).toContain('- [x] the manifest (Config) — done');
    expect(done).toContain("  - Script: `config.status == 'healthy'`");
    expect(done).toContain('- [ ] checkout-http failing (Check) — not done');
  });

  it('says so when there is nothing to tell', () => {
    const empty = renderPostmortem({
      ...incident(),
      history: [],
      hypotheses: [],
      evidences: [],
      comments: [],
    });
    expect(empty).toContain('No changelog found');
    expect(empty).toContain('No hypotheses');
    expect(empty).toContain('No evidence is part of the definition of done');
  });
});

describe('postmortem pieces', () => {
  it('names the file after the incident', () => {
    expect(postmortemFileName('INC0000042')).toBe('INC0000042-postmortem.md');
    expect(postmortemFileName('a "b"\r\n/c')).toBe('a__b____c-postmortem.md');
  });

  it('shows times in UTC to the minute, and a dash for none', () => {
    expect(formatTime('2026-01-02T03:04:59.999Z')).toBe('2026-01-02 03:04 UTC');
    expect(formatTime(null)).toBe('—');
  });

  it('keeps user text from turning into markup', () => {
    expect(inline('# [link](x) <b>\nnext')).toBe('\\# \\[link\\](x) \\<b\\> next');
    expect(mentionsAsText('hi @[Ann](user:11111111-1111-4111-8111-111111111111)!')).toBe('hi @Ann!');
  });

  it('fences log lines with a fence longer than any backticks they hold', () => {
    const lines = describeEvidence(
      evidence({
        type: 'log',
        evidence: { lines: [{ timestamp: '2026-11-26T09:01:00Z', message: 'a ``` b' }] },
      }),
      '',
    );
    expect(lines).toEqual(['- **Logs**', '  ````', '  2026-11-26 09:01 UTC a ``` b', '  ````']);
  });
});

describe('the postmortem of the demo incidents', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase('demo');
  });
  afterAll(() => db?.close());

  it('renders every one, each evidence described by what it points at', async () => {
    const { rows } = await db.query<{ id: string; incident_id: string }>(
      'select id, incident_id from incidents',
    );
    expect(rows.length).toBeGreaterThan(0);
    const kinds = new Set<string>();
    for (const { id, incident_id } of rows) {
      const input = (await postmortemInput(db, id))!;
      const markdown = renderPostmortem(input);
      expect(markdown.startsWith(`# ${incident_id}: `)).toBe(true);
      expect(markdown).not.toMatch(/\(user:[0-9a-f-]{36}\)/);
      for (const evidence of input.evidences) {
        kinds.add(evidence.type);
        if (evidence.type !== 'comment' && evidence.type !== 'log') expect(evidence.target).not.toBeNull();
      }
    }
    expect([...kinds].sort()).toEqual([...EVIDENCE_TYPES].sort());
    expect(await postmortemInput(db, 'INC9999999')).toBeNull();
  });
});
