import { Label, Skeleton } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { errorMessage } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { formatDuration } from '../../../lib/format.js';
import { useCheckStatuses, useEvidenceCheck } from '../hypotheses-api.js';
import type { Evidence } from '../types.js';
import { checkStart, includesMessages } from './evidence-payload.js';

/** A health check and its results since the evidence's start, with their messages when asked. */
export function CheckEvidence({ evidence }: { evidence: Evidence }) {
  const check = useEvidenceCheck(evidence.check_id);
  // Resolved once per evidence: a moving start would change the query at every render.
  const since = checkStart(evidence, new Date(evidence.created_at));
  const statuses = useCheckStatuses(evidence.check_id, since);
  const messages = includesMessages(evidence);

  if (!evidence.check_id) return <p>The check no longer exists</p>;
  if (check.isLoading) return <Skeleton height="3rem" screenreaderText="Loading the check" />;
  if (check.error) return <p>{errorMessage(check.error)}</p>;
  if (!check.data) return <p>The check no longer exists</p>;
  return (
    <div>
      <p>
        <strong>{check.data.name}</strong> <small>({check.data.type})</small>{' '}
        <HealthLabel status={check.data.status ?? 'unknown'} isCompact />
      </p>
      {statuses.isLoading ? (
        <Skeleton height="4rem" screenreaderText="Loading the check's results" />
      ) : statuses.error ? (
        <p>{errorMessage(statuses.error)}</p>
      ) : !statuses.data?.length ? (
        <p>No results since {since ? since.toLocaleString() : 'the check was attached'}</p>
      ) : (
        <Table variant="compact" aria-label="Recent results" borders={false}>
          <Thead>
            <Tr>
              <Th>Status</Th>
              <Th>Time</Th>
              <Th>Duration</Th>
              {messages && <Th>Message</Th>}
            </Tr>
          </Thead>
          <Tbody>
            {statuses.data.map((status) => (
              <Tr key={status.time}>
                <Td dataLabel="Status">
                  <Label isCompact color={status.status ? 'green' : 'red'}>
                    {status.status ? 'Healthy' : 'Unhealthy'}
                  </Label>
                </Td>
                <Td dataLabel="Time">
                  <Age from={status.time} />
                </Td>
                <Td dataLabel="Duration">{formatDuration(status.duration)}</Td>
                {messages && (
                  <Td dataLabel="Message" style={{ whiteSpace: 'pre-wrap' }}>
                    {status.error || status.message}
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
    </div>
  );
}
