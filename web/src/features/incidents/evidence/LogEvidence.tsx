import { Label, LabelGroup } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { Evidence } from '../types.js';
import { logLines } from './evidence-payload.js';

/** The log lines kept as evidence: time, message and labels, as the logs page shows them. */
export function LogEvidence({ evidence }: { evidence: Evidence }) {
  const lines = logLines(evidence);
  if (lines.length === 0) return <p>No log lines</p>;
  return (
    <Table variant="compact" aria-label="Log lines" borders={false}>
      <Thead>
        <Tr>
          <Th width={20}>Time</Th>
          <Th>Message</Th>
          <Th width={25}>Labels</Th>
        </Tr>
      </Thead>
      <Tbody>
        {lines.map((line, index) => (
          <Tr key={index}>
            <Td dataLabel="Time">
              {line.timestamp && (
                <time dateTime={line.timestamp}>{new Date(line.timestamp).toLocaleString()}</time>
              )}
            </Td>
            <Td
              dataLabel="Message"
              style={{ fontFamily: 'var(--pf-t--global--font--family--mono)', whiteSpace: 'pre-wrap' }}
            >
              {line.message}
            </Td>
            <Td dataLabel="Labels">
              <LabelGroup numLabels={3}>
                {Object.entries(line.labels).map(([key, value]) => (
                  <Label key={key} isCompact>
                    {key}={value}
                  </Label>
                ))}
              </LabelGroup>
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
