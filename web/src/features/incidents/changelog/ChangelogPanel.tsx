import {
  Avatar,
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
} from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { mentionsAsText, type HistoryEvent } from '../../../../../common/incidents.js';
import { useIncidentHistories, type HistoryResponder, type IncidentHistoryRow } from '../incident-api.js';

export const NO_CHANGELOG = 'No changelog found';

/** What each changelog event says after the actor's name; the row's description completes it. */
const EVENT_TEXT: Record<HistoryEvent, string> = {
  'incident.created': 'created the incident',
  'incident.status_updated': 'changed the status',
  'incident_status.updated': 'changed the status',
  'responder.created': 'added a responder',
  'evidence.created': 'added evidence',
  'evidence.done_definition_added': 'added to the definition of done',
  'responder.commented': 'commented',
  'hypothesis.created': 'added a hypothesis',
  'hypothesis.status_updated': 'changed a hypothesis status',
};

type ChangelogLine = Pick<IncidentHistoryRow, 'type' | 'description'> & {
  responder?: HistoryResponder | null;
};

export function changelogText(row: ChangelogLine): string {
  const text = EVENT_TEXT[row.type] ?? row.type;
  // A responder's row describes it by its type; its team or person says more.
  const responder = row.responder?.team?.name ?? row.responder?.person?.name;
  const detail = row.type === 'responder.created' && responder ? responder : row.description;
  return detail ? `${text}: ${mentionsAsText(detail)}` : text;
}

/** The incident's history, newest first: who did what, and when (spec 2 §2). */
export function ChangelogPanel({ incidentId }: { incidentId: string }) {
  const { data: rows, error, isLoading } = useIncidentHistories(incidentId);
  if (isLoading && !rows) return <p>Loading ...</p>;
  if (error && !rows) return <p>{error.message}</p>;
  if (!rows || rows.length === 0) return <p>{NO_CHANGELOG}</p>;
  return (
    <DataList aria-label="Changelog" isCompact>
      {rows.map((row) => (
        <DataListItem key={row.id}>
          <DataListItemRow>
            <DataListItemCells
              dataListCells={[
                <DataListCell key="what">
                  {row.actor?.avatar && (
                    <Avatar src={row.actor.avatar} alt="" size="sm" className="pf-v6-u-mr-xs" />
                  )}
                  <strong>{row.actor?.name ?? 'System'}</strong> {changelogText(row)}
                </DataListCell>,
                <DataListCell key="when" isFilled={false}>
                  <Age from={row.created_at} />
                </DataListCell>,
              ]}
            />
          </DataListItemRow>
        </DataListItem>
      ))}
    </DataList>
  );
}
