import { LOCAL_AGENT } from '../../../../../common/agents.js';
import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { ConfigResolver, refKey, selectorKey } from './refs.js';

describe('finding the configs a scrape names', () => {
  let db: Db;
  let scraperId: string;
  let otherScraperId: string;
  const stored: Record<string, string> = {};

  beforeAll(async () => {
    db = await openTestDatabase('empty');
    const scrapers = await db.query<{ id: string }>(
      `insert into config_scrapers (name) values ('mine'), ('theirs') returning id`,
    );
    [scraperId, otherScraperId] = scrapers.rows.map((r) => r.id) as [string, string];
    const insert = async (
      key: string,
      scraper: string,
      type: string,
      name: string,
      externalIds: string[],
      namespace?: string,
    ) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into configs (scraper_id, type, name, namespace, external_id, labels) values ($1, $2, $3, $4, $5, $6) returning id`,
        [scraper, type, name, namespace ?? null, externalIds, JSON.stringify({ tier: key })],
      );
      stored[key] = rows[0]!.id;
    };
    await insert('node-theirs', otherScraperId, 'Kubernetes::Node', 'node-1', ['node-uid']);
    await insert('node-mine', scraperId, 'Kubernetes::Node', 'node-1', ['node-uid', 'node-alias']);
    await insert('svc', otherScraperId, 'Kubernetes::Service', 'web', ['svc-uid'], 'shop');
  });
  afterAll(() => db?.close());

  const resolver = () => {
    const r = new ConfigResolver(db, scraperId, LOCAL_AGENT);
    r.add({
      id: '00000000-0000-0000-0000-0000000000aa',
      type: 'Kubernetes::Pod',
      externalIds: ['pod-uid'],
      name: 'web-1',
      namespace: 'shop',
      labels: { app: 'web' },
    });
    return r;
  };

  it("looks in the scrape first, then the scraper's own configs, then the agent's", async () => {
    const refs = [
      { externalId: 'pod-uid' },
      { externalId: 'node-alias' },
      { externalId: 'node-uid', type: 'Kubernetes::Node' },
      { type: 'Kubernetes::Service', name: 'web', namespace: 'shop' },
      { type: 'Kubernetes::Service', name: 'web' },
      { type: 'Kubernetes::Service', name: 'web', namespace: 'other' },
      { externalId: 'nobody' },
    ];
    const found = await resolver().resolve(refs);
    expect(refs.map((r) => found.get(refKey(r)))).toEqual([
      '00000000-0000-0000-0000-0000000000aa',
      stored['node-mine'],
      stored['node-mine'],
      stored.svc,
      stored.svc,
      undefined,
      undefined,
    ]);
  });

  it('finds every config a selector matches, by fields and labels', async () => {
    const selectors = [
      { type: 'Kubernetes::Node', name: 'node-1' },
      { type: 'Kubernetes::Node', labels: { tier: 'node-theirs' } },
      { namespace: 'shop' },
      { id: 'not-a-uuid' },
    ];
    const found = await resolver().select(selectors);
    expect(found.get(selectorKey(selectors[0]!))).toEqual([stored['node-mine'], stored['node-theirs']]);
    expect(found.get(selectorKey(selectors[1]!))).toEqual([stored['node-theirs']]);
    expect(found.get(selectorKey(selectors[2]!))).toEqual([
      '00000000-0000-0000-0000-0000000000aa',
      stored.svc,
    ]);
    expect(found.get(selectorKey(selectors[3]!))).toEqual([]);
  });
});
