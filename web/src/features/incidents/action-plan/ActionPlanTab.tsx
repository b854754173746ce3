import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Flex, FlexItem, Skeleton } from '@patternfly/react-core';
import { LoadError } from '../../../components/LoadError/index.js';
import {
  useComments,
  useHypotheses,
  useRefreshIncident,
  type CommentRow,
  type HypothesisRow,
} from '../hypotheses-api.js';
import type { Incident } from '../types.js';
import { HypothesisNode } from './HypothesisNode.js';

/** The query parameter that opens the comments and evidence of every hypothesis (spec 2 §2). */
export const EXPAND_ALL_PARAM = 'comments';
export const NO_EVIDENCES = 'There are no evidences provided for this incident';

/** The incident's hypothesis tree (root → factor → solution), each with its evidence and comments. */
export function ActionPlanTab({ incident }: { incident: Incident }) {
  const hypotheses = useHypotheses(incident.id);
  const comments = useComments(incident.id);
  const refresh = useRefreshIncident(incident.id);
  const [params, setParams] = useSearchParams();
  const allExpanded = params.get(EXPAND_ALL_PARAM) === 'true';
  // A hypothesis opened or closed by hand, until the next expand or collapse of all.
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});

  const tree = useMemo(() => {
    const rows = hypotheses.data ?? [];
    const ids = new Set(rows.map((h) => h.id));
    const children = new Map<string | null, HypothesisRow[]>();
    for (const h of rows) {
      const parent = h.parent_id && ids.has(h.parent_id) ? h.parent_id : null;
      children.set(parent, [...(children.get(parent) ?? []), h]);
    }
    const byHypothesis = new Map<string, CommentRow[]>();
    for (const c of comments.data ?? [])
      if (c.hypothesis_id)
        byHypothesis.set(c.hypothesis_id, [...(byHypothesis.get(c.hypothesis_id) ?? []), c]);
    return {
      roots: children.get(null) ?? [],
      childrenOf: (id: string) => children.get(id) ?? [],
      commentsOf: (id: string) => byHypothesis.get(id) ?? [],
      hasEvidence: rows.some((h) => h.evidences.length > 0),
    };
  }, [hypotheses.data, comments.data]);

  const toggleAll = () => {
    setOverrides({});
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (allExpanded) next.delete(EXPAND_ALL_PARAM);
        else next.set(EXPAND_ALL_PARAM, 'true');
        return next;
      },
      { replace: true },
    );
  };

  if (hypotheses.error) return <LoadError error={hypotheses.error} />;
  if (hypotheses.isLoading || !hypotheses.data)
    return <Skeleton height="8rem" screenreaderText="Loading the action plan" />;

  return (
    <section aria-label="Action plan">
      <Flex justifyContent={{ default: 'justifyContentFlexEnd' }}>
        <FlexItem>
          <Button variant="link" aria-pressed={allExpanded} onClick={toggleAll}>
            {allExpanded ? 'Collapse all' : 'Expand all'}
          </Button>
        </FlexItem>
      </Flex>
      {!tree.hasEvidence && <Alert variant="info" isInline isPlain title={NO_EVIDENCES} />}
      <ul aria-label="Hypotheses" style={{ margin: 0, padding: 0 }}>
        {tree.roots.map((root) => (
          <HypothesisNode
            key={root.id}
            hypothesis={root}
            childrenOf={tree.childrenOf}
            commentsOf={tree.commentsOf}
            isExpanded={(id) => overrides[id] ?? allExpanded}
            onToggle={(id) => setOverrides((o) => ({ ...o, [id]: !(o[id] ?? allExpanded) }))}
            refresh={refresh}
          />
        ))}
      </ul>
    </section>
  );
}
