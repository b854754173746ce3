import type { Queryable } from '../db/db.js';
import type { RestError } from '../rest/errors.js';
import type { WriteTarget } from '../rest/write-rules.js';
import { gitOpsWriteRules, guardGitOpsWrite, managedBy, readOnlyError, SOURCE_MUST_BE_UI } from './rules.js';

const crd = { namespace: 'default', name: 'web-checks', source: 'KubernetesCRD' };

describe('managedBy', () => {
  it('names a custom resource in the cluster as the issue words it', () => {
    expect(managedBy('Canary', crd)).toBe('managed by Canary default/web-checks in the cluster');
  });

  it('names another source and says the row is read-only here', () => {
    expect(managedBy('Topology', { ...crd, source: 'Flux' })).toBe(
      'managed by Flux: Topology default/web-checks is read-only here',
    );
  });
});

describe('readOnlyError', () => {
  it('is a PostgREST-shaped 409 saying what was refused', () => {
    const error = readOnlyError('canaries', 'DELETE', [crd]);
    expect(error.status).toBe(409);
    expect(error.toJSON()).toMatchObject({
      code: 'PGRST409',
      message: 'Cannot delete canaries: managed by Canary default/web-checks in the cluster',
      details: null,
    });
    expect(error.hint).toMatch(/custom resource in the cluster/);
  });

  it('lists every managed row when there are several', () => {
    const other = { namespace: 'ops', name: 'core', source: 'Flux' };
    const error = readOnlyError('playbooks', 'PATCH', [crd, other]);
    expect(error.message).toBe(
      'Cannot change playbooks: managed by Playbook default/web-checks in the cluster',
    );
    expect(error.details).toBe(
      '2 of the rows are read-only here: Playbook default/web-checks, Playbook ops/core',
    );
  });
});

describe('guardGitOpsWrite', () => {
  const target = (overrides: Partial<WriteTarget>): WriteTarget => ({
    relation: 'canaries',
    method: 'PATCH',
    rows: [],
    tx: {} as Queryable,
    existing: () => Promise.resolve([]),
    ...overrides,
  });
  const refusal = async (write: WriteTarget) => {
    try {
      await guardGitOpsWrite(write);
    } catch (error) {
      return error as RestError;
    }
    return null;
  };

  it('refuses a write touching a row from elsewhere, and lets UI rows through', async () => {
    const ui = { namespace: 'default', name: 'mine', source: 'UI' };
    expect((await refusal(target({ existing: () => Promise.resolve([ui, crd]) })))?.status).toBe(409);
    expect(await refusal(target({ existing: () => Promise.resolve([ui]) }))).toBeNull();
  });

  it('refuses a body that sets source to anything but UI', async () => {
    const refused = await refusal(target({ method: 'POST', rows: [{ name: 'x', source: 'KubernetesCRD' }] }));
    expect(refused?.status).toBe(422);
    expect(refused?.message).toBe(SOURCE_MUST_BE_UI);
    expect(await refusal(target({ method: 'POST', rows: [{ name: 'x', source: 'UI' }] }))).toBeNull();
  });

  it('leaves relations that are not GitOps kinds alone without reading anything', async () => {
    let reads = 0;
    const existing = () => {
      reads += 1;
      return Promise.resolve([crd]);
    };
    expect(
      await refusal(target({ relation: 'connections', rows: [{ source: 'KubernetesCRD' }], existing })),
    ).toBeNull();
    expect(reads).toBe(0);
  });
});

describe('gitOpsWriteRules', () => {
  it('guards the relations holding the four kinds, and no other', () => {
    expect(Object.keys(gitOpsWriteRules).sort()).toEqual([
      'canaries',
      'canary_names',
      'config_scrapers',
      'playbooks',
      'topologies',
    ]);
    expect(Object.values(gitOpsWriteRules).every((rule) => rule.guard === guardGitOpsWrite)).toBe(true);
  });
});
