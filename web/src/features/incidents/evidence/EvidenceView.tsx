import { lazy, Suspense } from 'react';
import { Flex, FlexItem, Label, Skeleton } from '@patternfly/react-core';
import type { EvidenceType } from '../../../../../common/incidents.js';
import { CommentText } from '../comments/mentions.js';
import type { Evidence } from '../types.js';
import { AnalysisEvidence } from './AnalysisEvidence.js';
import { CheckEvidence } from './CheckEvidence.js';
import { ConfigEvidence } from './ConfigEvidence.js';
import { LogEvidence } from './LogEvidence.js';
import { TopologyEvidence } from './TopologyEvidence.js';

// The diff and patch viewer (with its YAML/JSON formatting) loads only when a change is shown.
const ChangeEvidence = lazy(async () => ({ default: (await import('./ChangeEvidence.js')).ChangeEvidence }));

/** How each evidence type is named in the interface. */
export const EVIDENCE_TYPE_LABEL: Record<EvidenceType, string> = {
  log: 'Log',
  topology: 'Topology',
  config: 'Config',
  check: 'Health check',
  config_change: 'Config change',
  config_analysis: 'Config insight',
  comment: 'Comment',
};

/**
 * An evidence as a person reads it: its kind and description, then its content as its type calls
 * for (spec 2 §3). Used wherever evidence is listed: the tree, the definition of done, dialogs.
 */
export function EvidenceView({ evidence }: { evidence: Evidence }) {
  // A comment evidence's description is its content.
  const title = evidence.type === 'comment' ? undefined : evidence.description;
  return (
    <div>
      <Flex alignItems={{ default: 'alignItemsCenter' }} spaceItems={{ default: 'spaceItemsSm' }}>
        <FlexItem>
          <Label isCompact color="purple">
            {EVIDENCE_TYPE_LABEL[evidence.type] ?? evidence.type}
          </Label>
        </FlexItem>
        {title && (
          <FlexItem>
            <strong>{title}</strong>
          </FlexItem>
        )}
      </Flex>
      <div style={{ marginBlockStart: 'var(--pf-t--global--spacer--xs)' }}>
        <EvidenceContent evidence={evidence} />
      </div>
    </div>
  );
}

function EvidenceContent({ evidence }: { evidence: Evidence }) {
  switch (evidence.type) {
    case 'log':
      return <LogEvidence evidence={evidence} />;
    case 'topology':
      return <TopologyEvidence evidence={evidence} />;
    case 'config':
      return <ConfigEvidence evidence={evidence} />;
    case 'check':
      return <CheckEvidence evidence={evidence} />;
    case 'config_change':
      return (
        <Suspense fallback={<Skeleton height="4rem" screenreaderText="Loading the change" />}>
          <ChangeEvidence evidence={evidence} />
        </Suspense>
      );
    case 'config_analysis':
      return <AnalysisEvidence evidence={evidence} />;
    case 'comment':
      return <CommentText text={evidence.description ?? ''} />;
    default:
      return null;
  }
}
