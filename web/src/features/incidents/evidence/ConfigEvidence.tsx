import type { CSSProperties } from 'react';
import { Skeleton } from '@patternfly/react-core';
import { useEvidenceConfig } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';
import { configExcerpt } from './evidence-payload.js';

const MONO: CSSProperties = {
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
  lineHeight: 1.5,
  margin: 0,
  overflowX: 'auto',
  background: 'var(--pf-t--global--background--color--secondary--default)',
  border: '1px solid var(--pf-t--global--border--color--default)',
  borderRadius: 'var(--pf-t--global--border--radius--small)',
};
const ROW: CSSProperties = { display: 'flex', whiteSpace: 'pre' };
const NUMBER: CSSProperties = {
  flex: 'none',
  width: '4ch',
  textAlign: 'right',
  paddingInlineEnd: 'var(--pf-t--global--spacer--sm)',
  userSelect: 'none',
  color: 'var(--pf-t--global--text--color--subtle)',
};

/** The config's selected lines, highlighted, with 3 lines of context around them. */
export function ConfigEvidence({ evidence }: { evidence: Evidence }) {
  const config = useEvidenceConfig(evidence.config_id);
  const rows = configExcerpt(evidence);
  return (
    <div>
      {evidence.config_id &&
        (config.isLoading ? (
          <Skeleton width="12rem" screenreaderText="Loading the config" />
        ) : (
          config.data && (
            <p>
              {config.data.name} <small>({config.data.type})</small>
            </p>
          )
        ))}
      {rows.length === 0 ? (
        <p>No config lines</p>
      ) : (
        <pre style={MONO} aria-label="Config lines" role="region" tabIndex={0}>
          <code>
            {rows.map((row, index) =>
              row.kind === 'gap' ? (
                <span key={`gap-${index}`} style={ROW}>
                  <span style={NUMBER} aria-hidden="true">
                    ⋯
                  </span>
                  <span className="pf-v6-screen-reader">Lines left out</span>
                </span>
              ) : (
                (() => {
                  const Row = row.selected ? 'mark' : 'span';
                  return (
                    <Row
                      key={row.number}
                      data-line={row.number}
                      style={{
                        ...ROW,
                        color: 'inherit',
                        background: row.selected
                          ? 'var(--pf-t--global--background--color--highlight--default)'
                          : undefined,
                      }}
                    >
                      <span style={NUMBER} aria-hidden="true">
                        {row.number}
                      </span>
                      <span>{row.text}</span>
                    </Row>
                  );
                })()
              ),
            )}
          </code>
        </pre>
      )}
    </div>
  );
}
