import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Label,
  Skeleton,
} from '@patternfly/react-core';
import { errorMessage } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { capitalised } from '../../../../../common/incidents.js';
import { useEvidenceAnalysis } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';

const STATUS_COLOUR = { open: 'red', resolved: 'green', silenced: 'grey' } as const;

/** A config insight: its analyzer, status, severity and message. */
export function AnalysisEvidence({ evidence }: { evidence: Evidence }) {
  const { data: analysis, error, isLoading } = useEvidenceAnalysis(evidence.config_analysis_id);
  if (!evidence.config_analysis_id) return <p>The analysis no longer exists</p>;
  if (isLoading) return <Skeleton height="3rem" screenreaderText="Loading the analysis" />;
  if (error) return <p>{errorMessage(error)}</p>;
  if (!analysis) return <p>The analysis no longer exists</p>;
  const colour = STATUS_COLOUR[analysis.status as keyof typeof STATUS_COLOUR] ?? 'grey';
  return (
    <DescriptionList isCompact isHorizontal>
      <DescriptionListGroup>
        <DescriptionListTerm>Analysis</DescriptionListTerm>
        <DescriptionListDescription>
          {analysis.analyzer}{' '}
          <Label isCompact color={colour}>
            {capitalised(analysis.status)}
          </Label>{' '}
          <Label isCompact variant="outline">
            {capitalised(analysis.severity)}
          </Label>
        </DescriptionListDescription>
      </DescriptionListGroup>
      {analysis.config && (
        <DescriptionListGroup>
          <DescriptionListTerm>Config</DescriptionListTerm>
          <DescriptionListDescription>
            {analysis.config.name} ({analysis.config.type})
          </DescriptionListDescription>
        </DescriptionListGroup>
      )}
      {(analysis.summary || analysis.message) && (
        <DescriptionListGroup>
          <DescriptionListTerm>Message</DescriptionListTerm>
          <DescriptionListDescription style={{ whiteSpace: 'pre-wrap' }}>
            {analysis.message ?? analysis.summary}
          </DescriptionListDescription>
        </DescriptionListGroup>
      )}
      <DescriptionListGroup>
        <DescriptionListTerm>Last seen</DescriptionListTerm>
        <DescriptionListDescription>
          <Age from={analysis.last_observed} />
        </DescriptionListDescription>
      </DescriptionListGroup>
    </DescriptionList>
  );
}
