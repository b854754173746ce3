import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { idleHub } from './test-support.js';
import { AssignmentPuller, PULLED_PLAYBOOK_SOURCE } from './puller.js';

/** A playbook as the hub's GET /api/upstream/playbook/pull answers it. */
const hubPlaybook = (name: string, fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name,
  namespace: 'ops',
  title: name,
  spec: { runsOn: ['local'], actions: [{ name: 'a', exec: { script: 'true' } }] },
  source: 'UI',
  created_by: randomUUID(),
  created_at: '2026-01-01T10:00:00.123456+00:00',
  updated_at: '2026-01-01T10:00:00.123456+00:00',
  deleted_at: null,
  ...fields,
});

describe('the playbooks the hub assigns to this agent', () => {
  let db: Db;
  const lines: { msg: string; id?: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let answer: Record<string, unknown>[] = [];
  const client = idleHub({
    pullPlaybooks: async () => answer,
  });
  const puller = () => new AssignmentPuller(db, client, 'http://hub/ east', log);
  const stored = async (id: string) =>
    (
      await db.query<{ title: string; source: string; deleted_at: Date | null; created_by: string | null }>(
        `select title, source, deleted_at, created_by from playbooks where id = $1`,
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    db = await openTestDatabase('empty');
  });
  afterAll(() => db.close());

  it('writes them as the hub answered, once; an identical answer writes nothing', async () => {
    const playbook = hubPlaybook('restart');
    answer = [playbook];
    const outcomes = await puller().pullAll();
    expect(outcomes.playbooks).toEqual({ applied: 1, failed: 0, removed: 0 });
    expect(await stored(playbook.id)).toEqual({
      title: 'restart',
      source: PULLED_PLAYBOOK_SOURCE,
      deleted_at: null,
      // The hub's people mean nothing here.
      created_by: null,
    });
    expect((await puller().pullAll()).playbooks).toEqual({ applied: 0, failed: 0, removed: 0 });

    answer = [{ ...playbook, title: 'Restart the deployment' }];
    expect((await puller().pullAll()).playbooks).toMatchObject({ applied: 1 });
    expect((await stored(playbook.id))!.title).toBe('Restart the deployment');
  });

  it("removes those the hub no longer answers, never this console's own, and takes one back", async () => {
    const kept = hubPlaybook('kept');
    const dropped = hubPlaybook('dropped');
    const { rows } = await db.query<{ id: string }>(
      `insert into playbooks (name, namespace, spec) values ('made-here', 'ops', '{}') returning id`,
    );
    const own = rows[0]!.id;
    answer = [kept, dropped];
    await puller().pullAll();
    answer = [kept];
    expect((await puller().pullAll()).playbooks).toMatchObject({ removed: 1 });
    expect((await stored(dropped.id))!.deleted_at).not.toBeNull();
    expect((await stored(kept.id))!.deleted_at).toBeNull();
    expect((await stored(own))!.deleted_at).toBeNull();
    expect(
      lines.filter(
        (l) =>
          l.msg === 'the hub no longer assigns this playbook to this agent: removed' && l.id === dropped.id,
      ),
    ).toHaveLength(1);

    answer = [kept, dropped];
    expect((await puller().pullAll()).playbooks).toMatchObject({ applied: 1, removed: 0 });
    expect((await stored(dropped.id))!.deleted_at).toBeNull();
  });

  it('logs and skips one that clashes with a playbook of the same name here, and takes the rest', async () => {
    await db.query(`insert into playbooks (name, namespace, spec) values ('clash', 'ops', '{}')`);
    const clash = hubPlaybook('clash');
    const fine = hubPlaybook('fine');
    answer = [clash, fine];
    const outcome = (await puller().pullAll()).playbooks!;
    expect(outcome).toMatchObject({ applied: 1, failed: 1 });
    expect(await stored(clash.id)).toBeUndefined();
    expect(await stored(fine.id)).toMatchObject({ deleted_at: null });
    expect(lines.some((l) => l.msg === 'the hub assigned a playbook this console could not take')).toBe(true);
  });
});
