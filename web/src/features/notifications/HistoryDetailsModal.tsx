import { useId } from 'react';
import { Bullseye, DescriptionList, Modal, ModalBody, ModalHeader, Spinner } from '@patternfly/react-core';
import { Link } from 'react-router';
import { CodeViewer } from '../../components/CodeViewer/index.js';
import { DetailField } from '../../components/DetailField/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { formatDuration } from '../../lib/format.js';
import { HistoryAge, ResourceLink, SendStatusLabel } from './history-cells.js';
import { useHistoryEntry, type SendHistoryRow } from './notifications-api.js';
import { SafeHtml } from './SafeHtml.js';

/** Who a notification went to, as far as the reader may know it. */
export function recipientOf(row: Pick<SendHistoryRow, 'recipient' | 'person'>): string {
  return row.recipient || row.person?.name || row.person?.email || 'Unknown';
}

/** An error as the sender gave it, indented when it is JSON. */
export function prettyError(error: string): string {
  try {
    const parsed: unknown = JSON.parse(error);
    if (parsed !== null && typeof parsed === 'object') return JSON.stringify(parsed, null, 2);
  } catch {
    // Plain text: shown as it is.
  }
  return error;
}

export const rulePath = (notificationId: string) =>
  `/notifications/rules?${new URLSearchParams({ id: notificationId }).toString()}`;

function HistoryDetails({ row }: { row: SendHistoryRow }) {
  return (
    <>
      <DescriptionList isHorizontal isCompact>
        <DetailField term="Resource">
          <ResourceLink type={row.resource_type} resource={row.resource} />
        </DetailField>
        <DetailField term="Age">
          <HistoryAge row={row} />
        </DetailField>
        <DetailField term="Recipient">{recipientOf(row)}</DetailField>
        <DetailField term="Status">
          <SendStatusLabel status={row.status} />
        </DetailField>
        <DetailField term="Event">{row.source_event}</DetailField>
        <DetailField term="Duration" empty="dash">
          {formatDuration(row.duration_millis)}
        </DetailField>
        <DetailField term="Notification">
          <Link to={rulePath(row.notification_id)}>Notification rule</Link>
        </DetailField>
      </DescriptionList>
      {row.body && (
        <div className="pf-v6-u-mt-md">
          <SafeHtml html={row.body} label="Body" />
        </div>
      )}
      {row.error && (
        <div className="pf-v6-u-mt-md">
          <CodeViewer value={prettyError(row.error)} language="text" height="small" lineNumbers={false} />
        </div>
      )}
    </>
  );
}

/** The details of one sent (or not sent) notification, opened from the history's `?id=`. */
export function HistoryDetailsModal({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
  const { data, error, isLoading } = useHistoryEntry(id);
  let body;
  if (isLoading)
    body = (
      <Bullseye>
        <Spinner size="lg" aria-label="Loading notification" />
      </Bullseye>
    );
  else if (error) body = <LoadError error={error} />;
  else if (!data) body = <p>Notification not found</p>;
  else body = <HistoryDetails row={data} />;

  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title="Notification Details" labelId={titleId} />
      <ModalBody>{body}</ModalBody>
    </Modal>
  );
}
