import type { KubeObject } from '../support/kube-api/index.js';
import { fillCluster, scrapeRows } from './catalog-scrape.js';

/** A stand-in for the test server's put: keeps the objects and gives each a uid. */
function fakeCluster() {
  const stored: KubeObject[] = [];
  return {
    stored,
    put(object: KubeObject): KubeObject {
      const made = { ...object, metadata: { ...object.metadata, uid: `uid-${stored.length}` } };
      stored.push(made);
      return made;
    },
  };
}

describe('kubernetes scrape part', () => {
  it('fills each namespace with 200 objects of the five kinds, pods owned by their replicasets', () => {
    const cluster = fakeCluster();
    expect(fillCluster(cluster, 2)).toBe(400);
    const kinds: Record<string, number> = {};
    for (const object of cluster.stored) kinds[object.kind] = (kinds[object.kind] ?? 0) + 1;
    expect(kinds).toEqual({ Namespace: 2, Deployment: 80, ReplicaSet: 80, Pod: 160, Service: 78 });

    const uids = new Map(cluster.stored.map((o) => [o.metadata.uid, o]));
    for (const pod of cluster.stored.filter((o) => o.kind === 'Pod')) {
      const [owner] = pod.metadata.ownerReferences as { uid: string }[];
      expect(uids.get(owner!.uid)?.kind).toBe('ReplicaSet');
    }
    const looping = cluster.stored.filter((o) => JSON.stringify(o).includes('CrashLoopBackOff'));
    expect(looping.length).toBeGreaterThan(0);
    expect(looping.length).toBeLessThan(20);
  });

  it('names the number of objects scraped in its rows', () => {
    expect(scrapeRows(10_000).first.figure).toBe('kubernetes scrape of 10,000 objects: first scrape');
  });
});
