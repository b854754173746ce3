import { availableBackends } from '../support/databases.js';
import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/**
 * GitOps read-only: rows of Canary, Topology, ScrapeConfig and Playbook whose
 * source is not UI are changed in the cluster; /api/db refuses to change them and writes nothing.
 */
describe.each(availableBackends())('GitOps rows are read-only through /api/db (%s)', (backend) => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'demo' });
    sql = sqlOf(server);
  });
  afterAll(() => server?.stop());

  const request = async (method: string, path: string, body?: unknown, prefer?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (prefer) headers.Prefer = prefer;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await server.fetch(`api/db/${path}`, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as ErrorBody };
  };

  const insertRow = async (table: string, row: { name: string; namespace: string; source: string }) =>
    (
      await sql<{ id: string }>(
        `insert into ${table} (name, namespace, source) values ($1, $2, $3) returning id`,
        [row.name, row.namespace, row.source],
      )
    )[0]!.id;

  const rowOf = async (table: string, id: string) =>
    (
      await sql<{ name: string; source: string; deleted_at: Date | null; labels?: unknown }>(
        `select * from ${table} where id = $1`,
        [id],
      )
    )[0];

  describe("a canary applied in the cluster (the mirror's row)", () => {
    let canary: { id: string; namespace: string; name: string; labels: unknown };
    beforeAll(async () => {
      canary = (
        await sql<{ id: string; namespace: string; name: string; labels: unknown }>(
          `insert into canaries (name, namespace, labels, source)
           values ('prometheus-slos', $1, '{"team":"sre"}', 'KubernetesCRD')
           returning id, namespace, name, labels`,
          [uniqueName('monitoring')],
        )
      )[0]!;
    });
    const inCluster = () => `managed by Canary ${canary.namespace}/prometheus-slos in the cluster`;

    it('refuses a PATCH with 409 naming the resource, and changes nothing', async () => {
      const answer = await request('PATCH', `canaries?id=eq.${canary.id}`, { labels: { team: 'x' } });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(`Cannot change canaries: ${inCluster()}`);
      expect(answer.body.hint).toMatch(/in the cluster/);
      expect((await rowOf('canaries', canary.id))!.labels).toEqual(canary.labels);
    });

    it('refuses a DELETE and a soft delete (PATCH deleted_at); the row stays', async () => {
      const deleted = await request('DELETE', `canaries?id=eq.${canary.id}`);
      expect(deleted.status).toBe(409);
      expect(deleted.body.message).toBe(`Cannot delete canaries: ${inCluster()}`);
      const softDeleted = await request('PATCH', `canaries?id=eq.${canary.id}`, {
        deleted_at: new Date().toISOString(),
      });
      expect(softDeleted.status).toBe(409);
      expect((await rowOf('canaries', canary.id))?.deleted_at).toBeNull();
    });

    it('refuses taking it over by setting source to UI, or through the canary_names view', async () => {
      const takeover = await request('PATCH', `canaries?id=eq.${canary.id}`, { source: 'UI' });
      expect(takeover.status).toBe(409);
      const view = await request('PATCH', `canary_names?id=eq.${canary.id}`, { name: 'renamed' });
      expect(view.status).toBe(409);
      expect(view.body.message).toBe(`Cannot change canary_names: ${inCluster()}`);
      expect(await rowOf('canaries', canary.id)).toMatchObject({
        name: 'prometheus-slos',
        source: 'KubernetesCRD',
      });
    });

    it('refuses an upsert (merge-duplicates) that would overwrite it', async () => {
      const answer = await request(
        'POST',
        'canaries',
        { id: canary.id, name: 'overwritten', namespace: canary.namespace },
        'resolution=merge-duplicates',
      );
      expect(answer.status).toBe(409);
      expect((await rowOf('canaries', canary.id))!.name).toBe('prometheus-slos');
    });
  });

  it("keeps the demo's managed canary read-only, managed by its file rather than a cluster", async () => {
    const [demo] = await sql<{ id: string; namespace: string }>(
      `select id, namespace from canaries
        where name = 'prometheus-slos' and source <> 'KubernetesCRD' and deleted_at is null`,
    );
    const patched = await request('PATCH', `canaries?id=eq.${demo!.id}`, { labels: {} });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe(
      `Cannot change canaries: managed by ConfigFile: Canary ${demo!.namespace}/prometheus-slos is read-only here`,
    );
  });

  it('refuses a filter matching both UI and cluster rows, and changes neither', async () => {
    const namespace = uniqueName('mixed');
    const ui = await insertRow('canaries', { name: 'from-ui', namespace, source: 'UI' });
    const crd = await insertRow('canaries', { name: 'from-crd', namespace, source: 'KubernetesCRD' });
    const patched = await request('PATCH', `canaries?namespace=eq.${namespace}`, { icon: 'http' });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe(
      `Cannot change canaries: managed by Canary ${namespace}/from-crd in the cluster`,
    );
    const deleted = await request('DELETE', `canaries?namespace=eq.${namespace}`);
    expect(deleted.status).toBe(409);
    const icons = await sql<{ icon: string | null }>(`select icon from canaries where id = any($1)`, [
      [ui, crd],
    ]);
    expect(icons).toEqual([{ icon: null }, { icon: null }]);
  });

  it('still lets UI rows be changed, soft-deleted and deleted', async () => {
    const namespace = uniqueName('ui-only');
    const id = await insertRow('canaries', { name: 'web', namespace, source: 'UI' });
    const patched = await request('PATCH', `canaries?id=eq.${id}`, { icon: 'http' }, 'return=representation');
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject([{ id, icon: 'http' }]);
    const softDeleted = await request('PATCH', `canaries?id=eq.${id}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(softDeleted.status).toBe(204);
    expect((await rowOf('canaries', id))!.deleted_at).not.toBeNull();
    const deleted = await request('DELETE', `canaries?id=eq.${id}`);
    expect(deleted.status).toBe(204);
    expect(await rowOf('canaries', id)).toBeUndefined();
  });

  it('creates rows with source UI, and refuses a POST or PATCH that sets another source', async () => {
    const name = uniqueName('posted');
    const created = await request(
      'POST',
      'canaries',
      { name, namespace: 'gitops-tests' },
      'return=representation',
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject([{ name, source: 'UI' }]);
    const crdName = uniqueName('posted-crd');
    const refused = await request('POST', 'topologies', { name: crdName, source: 'KubernetesCRD' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'source must be UI: resources from the cluster are written by the mirror',
    );
    expect(await sql(`select 1 from topologies where name = $1`, [crdName])).toHaveLength(0);
    const id = (created.body as unknown as { id: string }[])[0]!.id;
    const relabelled = await request('PATCH', `canaries?id=eq.${id}`, { source: 'Flux' });
    expect(relabelled.status).toBe(422);
    expect((await rowOf('canaries', id))!.source).toBe('UI');
  });

  it.each([
    ['topologies', 'Topology', 'KubernetesCRD'],
    ['playbooks', 'Playbook', 'KubernetesCRD'],
    ['config_scrapers', 'ScrapeConfig', 'Flux'],
  ])('refuses changing or deleting a %s row from elsewhere', async (table, kind, source) => {
    const namespace = uniqueName('gitops');
    const id = await insertRow(table, { name: 'managed', namespace, source });
    const managedBy =
      source === 'KubernetesCRD'
        ? `managed by ${kind} ${namespace}/managed in the cluster`
        : `managed by ${source}: ${kind} ${namespace}/managed is read-only here`;
    const patched = await request('PATCH', `${table}?id=eq.${id}`, { name: 'renamed' });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe(`Cannot change ${table}: ${managedBy}`);
    const deleted = await request('DELETE', `${table}?id=eq.${id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(`Cannot delete ${table}: ${managedBy}`);
    expect(await rowOf(table, id)).toMatchObject({ name: 'managed', source, deleted_at: null });
  });
});
