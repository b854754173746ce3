import { readEntry } from './entry.js';
import { cleanObject } from './items.js';
import type { KubeObject } from './objects.js';
import { ObjectIndex, parentsOf, relationshipsOf } from './relationships.js';

const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, uid: `uid-${name}`, ...extra });

const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: meta('shop') };
const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: meta('web-1', { namespace: 'shop', labels: { app: 'web', team: 'payments' } }),
  spec: { nodeName: 'node-1' },
};

describe('relationships', () => {
  const index = new ObjectIndex([namespace, pod]);

  it('parents: the first owner by uid, else the namespace, then the cluster', () => {
    const owned = {
      ...pod,
      metadata: { ...pod.metadata, ownerReferences: [{ kind: 'ReplicaSet', name: 'rs', uid: 'rs-1' }] },
    };
    expect(parentsOf(owned, index, 'prod')).toEqual([
      { type: 'Kubernetes::ReplicaSet', externalId: 'rs-1' },
      { type: 'Kubernetes::Namespace', externalId: 'uid-shop' },
      { type: 'Kubernetes::Cluster', externalId: 'Kubernetes/Cluster/prod' },
    ]);
    const elsewhere = { ...pod, metadata: { ...pod.metadata, namespace: 'unknown' } };
    expect(parentsOf(elsewhere, index, 'prod')[0]).toEqual({
      type: 'Kubernetes::Namespace',
      name: 'unknown',
    });
  });

  it("the entry's rules: lookups by value, label and CEL; the object found relates to this one", () => {
    const entry = readEntry({
      clusterName: 'prod',
      relationships: [
        { kind: { value: 'Team' }, name: { label: 'team' }, namespace: { expr: 'metadata.namespace' } },
        { kind: { value: 'Node' }, name: { expr: 'spec.nodeName' } },
        { kind: { value: 'Team' }, name: { label: 'missing' } },
      ],
    });
    const errors: string[] = [];
    const links = relationshipsOf(pod, index, entry, errors);
    expect(links).toEqual([
      { related: { type: 'Kubernetes::Node', name: 'node-1' }, incoming: true },
      { related: { type: 'Kubernetes::Team', name: 'payments', namespace: 'shop' }, incoming: true },
      { related: { type: 'Kubernetes::Node', name: 'node-1' }, incoming: true },
    ]);
    expect(errors).toEqual([]);
  });

  it('a rule whose expression fails is reported, not thrown', () => {
    const entry = readEntry({
      clusterName: 'prod',
      relationships: [{ kind: { value: 'X' }, name: { expr: 'spec.(' } }],
    });
    const errors: string[] = [];
    expect(relationshipsOf({ ...pod, spec: {} }, index, entry, errors)).toEqual([]);
    expect(errors[0]).toMatch(/^a relationships rule failed for Pod web-1: /);
  });

  it('the index follows objects as they come and go', () => {
    const live = new ObjectIndex();
    const service: KubeObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta('web', { namespace: 'shop' }),
      spec: { selector: { app: 'web' } },
    };
    live.add(service);
    live.add(pod);
    expect(live.podsMatching('shop', { app: 'web' })).toEqual(['uid-web-1']);
    expect(live.servicesSelecting('shop', { app: 'web', extra: 'x' })).toEqual(['uid-web']);
    expect(live.podsMatching('shop', {})).toEqual([]);
    live.remove(pod);
    expect(live.podsMatching('shop', { app: 'web' })).toEqual([]);
    expect(live.ref('Pod', 'web-1', 'shop')).toEqual({
      type: 'Kubernetes::Pod',
      name: 'web-1',
      namespace: 'shop',
    });
  });
});

describe('the stored body', () => {
  it('leaves out what changes on every write without meaning anything', () => {
    const cleaned = cleanObject({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'n',
        uid: 'u',
        resourceVersion: '42',
        generation: 3,
        managedFields: [{}],
        labels: { 'kubernetes.io/metadata.name': 'n' },
        annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}', owner: 'ops' },
      },
      status: {
        observedGeneration: 3,
        conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: 't', lastTransitionTime: 't' }],
      },
    });
    expect(cleaned).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n', uid: 'u', annotations: { owner: 'ops' } },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    });
  });
});
