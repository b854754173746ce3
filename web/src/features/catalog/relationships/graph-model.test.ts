import type { RelatedConfig } from './relationships-api.js';
import { buildGraph, GROUP_THRESHOLD, type GraphConfig } from './graph-model.js';

const root: GraphConfig = { id: 'ns', name: 'shop', type: 'Kubernetes::Namespace', health: 'healthy' };

function related(
  id: string,
  type: string,
  relatedIds: string[],
  direction: RelatedConfig['direction'] = 'outgoing',
): RelatedConfig {
  return {
    id,
    name: id,
    type,
    health: 'healthy',
    created_at: '2024-01-01T00:00:00Z',
    depth: 1,
    direction,
    relation: 'hard',
    related_ids: relatedIds,
  };
}

const pods = (count: number, parent = 'ns') =>
  Array.from({ length: count }, (_, index) => related(`pod-${index}`, 'Kubernetes::Pod', [parent]));

const ids = (model: ReturnType<typeof buildGraph>) => model.nodes.map((node) => node.id).sort();
const edgeIds = (model: ReturnType<typeof buildGraph>) => model.edges.map((edge) => edge.id).sort();

describe('buildGraph', () => {
  it('links fewer than three related configs of a type straight to their parent', () => {
    const model = buildGraph(root, [...pods(2), related('svc', 'Kubernetes::Service', ['ns'])], new Set());
    expect(ids(model)).toEqual(['ns', 'pod-0', 'pod-1', 'svc']);
    expect(edgeIds(model)).toEqual(['ns->pod-0', 'ns->pod-1', 'ns->svc']);
  });

  it('puts three configs of one type behind a group node, shown expanded and not collapsible', () => {
    const model = buildGraph(root, pods(GROUP_THRESHOLD), new Set());
    const group = model.nodes.find((node) => node.kind === 'group');
    expect(group).toMatchObject({ type: 'Kubernetes::Pod', count: 3, expandable: false, expanded: true });
    expect(edgeIds(model)).toEqual(
      [`ns->${group!.id}`, `${group!.id}->pod-0`, `${group!.id}->pod-1`, `${group!.id}->pod-2`].sort(),
    );
  });

  it('collapses a group of more than three until it is expanded', () => {
    const collapsed = buildGraph(root, pods(5), new Set());
    const group = collapsed.nodes.find((node) => node.kind === 'group')!;
    expect(group).toMatchObject({ count: 5, expandable: true, expanded: false });
    expect(ids(collapsed)).toEqual([group.id, 'ns'].sort());

    const expanded = buildGraph(root, pods(5), new Set([group.id]));
    expect(ids(expanded)).toEqual([group.id, 'ns', 'pod-0', 'pod-1', 'pod-2', 'pod-3', 'pod-4'].sort());
  });

  it('hides what hangs below a collapsed group, and shows it again once expanded', () => {
    const rows = [...pods(4), related('container', 'Container', ['pod-0'])];
    const collapsed = buildGraph(root, rows, new Set());
    expect(collapsed.nodes.some((node) => node.id === 'container')).toBe(false);
    const group = collapsed.nodes.find((node) => node.kind === 'group')!;
    const expanded = buildGraph(root, rows, new Set([group.id]));
    expect(expanded.edges.map((edge) => edge.id)).toContain('pod-0->container');
  });

  it('draws incoming configs as parents of the config, edges in the links direction', () => {
    const model = buildGraph(
      root,
      [related('cluster', 'Kubernetes::Cluster', ['ns'], 'incoming')],
      new Set(),
    );
    expect(edgeIds(model)).toEqual(['cluster->ns']);
    expect(model.nodes.find((node) => node.id === 'ns')).toMatchObject({ kind: 'config', isRoot: true });
  });

  it('groups upstream and downstream configs of one type apart', () => {
    const rows = [
      ...pods(3),
      ...['a', 'b', 'c'].map((id) => related(`up-${id}`, 'Kubernetes::Pod', ['ns'], 'incoming')),
    ];
    const groups = buildGraph(root, rows, new Set()).nodes.filter((node) => node.kind === 'group');
    expect(groups).toHaveLength(2);
  });

  it('ignores links to configs it was not given', () => {
    const model = buildGraph(root, [related('pod', 'Kubernetes::Pod', ['ns', 'unknown'])], new Set());
    expect(edgeIds(model)).toEqual(['ns->pod']);
  });
});
