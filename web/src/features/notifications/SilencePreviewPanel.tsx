import { Alert, Spinner, Title } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { Age } from '../../components/Age/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { ResourceLink, SendStatusLabel } from './history-cells.js';
import { useSilencePreview, type SilenceFields } from './notifications-api.js';

/** How many notifications the preview says it would have silenced. */
export const previewSummary = (total: number) =>
  total === 0
    ? 'No notifications of the last 24 hours would have been silenced'
    : `${total} ${total === 1 ? 'notification' : 'notifications'} of the last 24 hours would have been silenced`;

/**
 * Before saving: the send-history rows of the last 24 hours the silence would have matched, as the
 * server works them out. Nothing is asked until a resource is chosen.
 */
export function SilencePreviewPanel({ fields }: { fields: SilenceFields | null }) {
  const { data, error, isLoading } = useSilencePreview(fields);
  let body;
  if (!fields)
    body = <p className="pf-v6-u-text-color-subtle">Choose a resource to see what it would silence.</p>;
  else if (error && !data) body = <LoadError error={error} />;
  else if (isLoading || !data) body = <Spinner size="md" aria-label="Loading preview" />;
  else
    body = (
      <>
        <Alert
          variant={data.total ? 'warning' : 'info'}
          isInline
          isPlain
          title={previewSummary(data.total)}
        />
        {data.matches.length > 0 && (
          <Table aria-label="Silence preview" variant="compact">
            <Thead>
              <Tr>
                <Th>Age</Th>
                <Th>Resource</Th>
                <Th>Status</Th>
                <Th>Event</Th>
              </Tr>
            </Thead>
            <Tbody>
              {data.matches.map((match) => (
                <Tr key={match.id}>
                  <Td dataLabel="Age">
                    <Age from={match.created_at} />
                  </Td>
                  <Td dataLabel="Resource">
                    <ResourceLink type={match.resource_type} resource={match.resource} />
                  </Td>
                  <Td dataLabel="Status">
                    <SendStatusLabel status={match.status} />
                  </Td>
                  <Td dataLabel="Event">{match.source_event}</Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </>
    );
  return (
    <section aria-labelledby="silence-preview-title">
      <Title headingLevel="h2" size="md" id="silence-preview-title" className="pf-v6-u-mb-sm">
        Preview
      </Title>
      {body}
    </section>
  );
}
