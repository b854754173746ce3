import type { CSSProperties } from 'react';
import { Label, Skeleton } from '@patternfly/react-core';
import { errorMessage } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { capitalised } from '../../../../../common/incidents.js';
import { useEvidenceChange } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';

const MONO: CSSProperties = {
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
  lineHeight: 1.5,
  margin: 0,
  maxHeight: '24rem',
  overflow: 'auto',
  border: '1px solid var(--pf-t--global--border--color--default)',
  borderRadius: 'var(--pf-t--global--border--radius--small)',
};

const LINE_STYLE = (line: string): CSSProperties => {
  if (line.startsWith('+++') || line.startsWith('---')) return { fontWeight: 'bold' };
  if (line.startsWith('+'))
    return {
      background: 'var(--pf-t--global--color--status--success--default)',
      color: 'var(--pf-t--global--text--color--status--on-success--default, inherit)',
    };
  if (line.startsWith('-'))
    return {
      background: 'var(--pf-t--global--color--status--danger--default)',
      color: 'var(--pf-t--global--text--color--status--on-danger--default, inherit)',
    };
  if (line.startsWith('@@')) return { color: 'var(--pf-t--global--text--color--subtle)' };
  return {};
};

/** A unified diff, added lines green and removed lines red; the +/- stay for those who cannot see colour. */
export function DiffText({ diff }: { diff: string }) {
  return (
    <pre style={MONO} role="region" aria-label="Diff" tabIndex={0}>
      <code>
        {diff
          .replace(/\n$/, '')
          .split('\n')
          .map((line, index) => (
            <span key={index} style={{ display: 'block', whiteSpace: 'pre', ...LINE_STYLE(line) }}>
              {line || ' '}
            </span>
          ))}
      </code>
    </pre>
  );
}

/** A config change: what changed, when, and its diff (or its patches when it has no diff). */
export function ChangeEvidence({ evidence }: { evidence: Evidence }) {
  const { data: change, error, isLoading } = useEvidenceChange(evidence.config_change_id);
  if (!evidence.config_change_id) return <p>The change no longer exists</p>;
  if (isLoading) return <Skeleton height="4rem" screenreaderText="Loading the change" />;
  if (error) return <p>{errorMessage(error)}</p>;
  if (!change) return <p>The change no longer exists</p>;
  const hasPatches = change.patches !== null && change.patches !== undefined;
  return (
    <div>
      <p>
        <Label isCompact>{change.change_type}</Label>{' '}
        {change.severity && (
          <Label isCompact variant="outline">
            {capitalised(change.severity)}
          </Label>
        )}{' '}
        {change.config && (
          <strong>
            {change.config.name} <small>({change.config.type})</small>
          </strong>
        )}{' '}
        <small>
          <Age from={change.created_at} />
        </small>
      </p>
      {change.summary && <p>{change.summary}</p>}
      {change.diff ? (
        <DiffText diff={change.diff} />
      ) : hasPatches ? (
        <CodeViewer value={change.patches} language="json" height="small" aria-label="Patches" />
      ) : (
        <p>This change has no diff</p>
      )}
    </div>
  );
}
