/**
 * The relationships graph (spec 3 §2.1, §9) on @patternfly/react-topology with its dagre layout.
 * Heavy: the tab loads this module lazily, so it never sits in the first load.
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  action,
  createTopologyControlButtons,
  DagreLayout,
  defaultControlButtonsOptions,
  DefaultEdge,
  DefaultNode,
  GraphComponent,
  ModelKind,
  NodeShape,
  NodeStatus,
  observer,
  TopologyControlBar,
  TopologyView,
  Visualization,
  VisualizationProvider,
  VisualizationSurface,
  withPanZoom,
  type EdgeModel,
  type GraphElement,
  type Node,
  type NodeModel,
} from '@patternfly/react-topology';
import { configTypeIcon } from './ConfigTypeIcon.js';
import {
  ANIMATION_MS,
  buildGraph,
  NODE_SEPARATION,
  RANK_SEPARATION,
  type GraphConfig,
  type GraphNode,
} from './graph-model.js';
import type { RelatedConfig } from './relationships-api.js';
import type { GraphDirection } from './use-relationship-params.js';
import './relationships-graph.css';

const NODE_SIZE = 60;
const GROUP_WIDTH = 90;
const GROUP_HEIGHT = 50;
const FIT_PADDING = 60;
const LAYOUT = 'dagre';

const STATUS: Record<string, NodeStatus> = {
  healthy: NodeStatus.success,
  unhealthy: NodeStatus.danger,
  warning: NodeStatus.warning,
};

/** What a node component reads from its model, and what it does when chosen. */
interface NodeData {
  node: GraphNode;
  activate: (node: GraphNode) => void;
}

const onEnterOrSpace = (run: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  run();
};

const nodeLabel = (node: GraphNode) =>
  node.kind === 'config' ? node.config.name : `${node.count} ${node.type}`;

/** A config (type icon, name, health colour) or a group (count and type); Enter works as a click. */
const RelationshipNode = observer(({ element: graphElement }: { element: GraphElement }) => {
  const element = graphElement as Node;
  const { node, activate } = element.getData() as NodeData;
  const { width, height } = element.getDimensions();
  const run = () => activate(node);

  if (node.kind === 'group') {
    const verb = node.expanded ? 'Collapse' : 'Expand';
    return (
      <g
        className="relationships-graph__node"
        role={node.expandable ? 'button' : 'img'}
        aria-label={`${node.count} ${node.type}`}
        aria-expanded={node.expandable ? node.expanded : undefined}
        tabIndex={node.expandable ? 0 : undefined}
        onClick={node.expandable ? run : undefined}
        onKeyDown={node.expandable ? onEnterOrSpace(run) : undefined}
      >
        <DefaultNode
          element={element}
          label={node.type}
          secondaryLabel={node.expandable ? `${verb} ${node.count}` : undefined}
          badge={String(node.count)}
          showStatusDecorator={false}
        >
          <text x={width / 2} y={height / 2} dy="0.35em" textAnchor="middle" aria-hidden="true">
            {node.expandable ? (node.expanded ? '−' : '+') : node.count}
          </text>
        </DefaultNode>
      </g>
    );
  }

  const { config, isRoot } = node;
  const Icon = configTypeIcon(config.type);
  const iconSize = width / 2;
  return (
    <g
      className="relationships-graph__node"
      role="link"
      aria-label={`${config.name} (${config.type})${config.health ? `, ${config.health}` : ''}`}
      aria-current={isRoot ? 'page' : undefined}
      tabIndex={0}
      onClick={run}
      onKeyDown={onEnterOrSpace(run)}
    >
      <DefaultNode
        element={element}
        label={config.name}
        secondaryLabel={config.type}
        truncateLength={28}
        nodeStatus={STATUS[config.health ?? ''] ?? NodeStatus.default}
        showStatusBackground
        selected={isRoot}
      >
        <g transform={`translate(${(width - iconSize) / 2}, ${(height - iconSize) / 2})`} aria-hidden="true">
          <Icon width={iconSize} height={iconSize} />
        </g>
      </DefaultNode>
    </g>
  );
});

function toNodeModel(node: GraphNode, activate: NodeData['activate']): NodeModel {
  const isGroup = node.kind === 'group';
  return {
    id: node.id,
    type: 'node',
    label: nodeLabel(node),
    width: isGroup ? GROUP_WIDTH : NODE_SIZE,
    height: isGroup ? GROUP_HEIGHT : NODE_SIZE,
    shape: isGroup ? NodeShape.rect : NodeShape.ellipse,
    data: { node, activate } satisfies NodeData,
  };
}

function createController(direction: GraphDirection): Visualization {
  const controller = new Visualization();
  controller.registerLayoutFactory(
    (_type, graph) =>
      new DagreLayout(graph, { rankdir: direction, ranksep: RANK_SEPARATION, nodesep: NODE_SEPARATION }),
  );
  controller.registerComponentFactory((kind) => {
    if (kind === ModelKind.graph) return withPanZoom()(GraphComponent);
    if (kind === ModelKind.node) return RelationshipNode;
    if (kind === ModelKind.edge) return DefaultEdge;
    return undefined;
  });
  controller.setFitToScreenOnLayout(true, FIT_PADDING);
  return controller;
}

export interface RelationshipsGraphProps {
  root: GraphConfig;
  related: RelatedConfig[];
  direction: GraphDirection;
}

/**
 * The related configs as a graph laid out by dagre (LR or TB); a config opens its page, a large
 * group expands or collapses in place.
 */
export default function RelationshipsGraph({ root, related, direction }: RelationshipsGraphProps) {
  const navigate = useNavigate();
  const [expandedGroups, setExpandedGroups] = useState<ReadonlySet<string>>(() => new Set());
  // A new direction is a new layout: the controller starts again.
  const controller = useMemo(() => createController(direction), [direction]);
  const model = useMemo(() => buildGraph(root, related, expandedGroups), [root, related, expandedGroups]);

  useEffect(() => {
    const activate = (node: GraphNode) => {
      if (node.kind === 'config') {
        if (!node.isRoot) void navigate(`/catalog/${encodeURIComponent(node.id)}`);
        return;
      }
      setExpandedGroups((current) => {
        const next = new Set(current);
        if (!next.delete(node.id)) next.add(node.id);
        return next;
      });
    };
    const edges: EdgeModel[] = model.edges.map((edge) => ({
      id: edge.id,
      type: 'edge',
      source: edge.source,
      target: edge.target,
    }));
    controller.fromModel(
      {
        graph: { id: `relationships-${root.id}`, type: 'graph', layout: LAYOUT },
        nodes: model.nodes.map((node) => toNodeModel(node, activate)),
        edges,
      },
      true,
    );
  }, [controller, model, navigate, root.id]);

  const controls = createTopologyControlButtons({
    ...defaultControlButtonsOptions,
    zoomInCallback: action(() => controller.getGraph().scaleBy(4 / 3)),
    zoomOutCallback: action(() => controller.getGraph().scaleBy(3 / 4)),
    fitToScreenCallback: action(() => controller.getGraph().fit(FIT_PADDING)),
    resetViewCallback: action(() => {
      controller.getGraph().reset();
      controller.getGraph().layout();
    }),
    legend: false,
  });

  return (
    <div
      className="relationships-graph"
      style={{ ['--relationships-graph-animation' as string]: `${ANIMATION_MS}ms` }}
      role="group"
      aria-label="Relationships graph"
    >
      <VisualizationProvider controller={controller}>
        <TopologyView controlBar={<TopologyControlBar controlButtons={controls} />}>
          <VisualizationSurface state={{}} />
        </TopologyView>
      </VisualizationProvider>
    </div>
  );
}
