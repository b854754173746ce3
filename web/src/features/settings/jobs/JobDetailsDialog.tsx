import { useId, useState } from 'react';
import { Modal, ModalBody, ModalHeader, Tab, Tabs, TabTitleText } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { CopyButton } from '../../../components/CopyButton/index.js';

/** What a job recorded (spec 3 §3): its errors, a scrape summary and a reconcile summary. */
export interface JobDetails {
  errors?: unknown;
  scrape_summary?: unknown;
  summary?: unknown;
  [key: string]: unknown;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value as object).length === 0);

/** Spec 3 §2.3: the dialog's tabs, each shown only when the job recorded its part. */
export const JOB_DETAIL_TABS = [
  { key: 'errors', title: 'Errors' },
  { key: 'scrape_summary', title: 'Scrape Summary' },
  { key: 'summary', title: 'Reconcile Summary' },
] as const;

/** The tabs a job's details fill, in order. */
export function availableTabs(details: unknown): (typeof JOB_DETAIL_TABS)[number][] {
  if (!details || typeof details !== 'object') return [];
  const recorded = details as JobDetails;
  return JOB_DETAIL_TABS.filter((tab) => !isEmpty(recorded[tab.key]));
}

/** Whether a job recorded anything the dialog shows. */
export const hasJobDetails = (details: unknown) => availableTabs(details).length > 0;

const asCode = (value: unknown, label: string) => (
  <CodeViewer
    value={value}
    language="json"
    aria-label={label}
    height="small"
    copyButton={(text) => <CopyButton text={text} />}
  />
);

/** An error block: a string as text, a list as a one-column Error table, a map as formatted code. */
export function JobErrors({ errors }: { errors: unknown }) {
  if (typeof errors === 'string') return <pre className="pf-v6-u-text-break-word">{errors}</pre>;
  if (Array.isArray(errors))
    return (
      <Table variant="compact" aria-label="Errors">
        <Thead>
          <Tr>
            <Th>Error</Th>
          </Tr>
        </Thead>
        <Tbody>
          {errors.map((error, i) => (
            <Tr key={i}>
              <Td dataLabel="Error">{typeof error === 'string' ? error : JSON.stringify(error)}</Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    );
  return asCode(errors, 'Errors');
}

export interface JobDetailsDialogProps {
  job: { name: string; details: unknown };
  onClose: () => void;
}

/** 'Details for job {name}' (spec 3 §2.3): the tabs the job filled, the first one open. */
export function JobDetailsDialog({ job, onClose }: JobDetailsDialogProps) {
  const titleId = useId();
  const tabs = availableTabs(job.details);
  const [active, setActive] = useState<string | number>(tabs[0]?.key ?? 'errors');
  const details = (job.details ?? {}) as JobDetails;
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={`Details for job ${job.name}`} labelId={titleId} />
      <ModalBody>
        {tabs.length === 0 ? (
          <div>No details recorded</div>
        ) : (
          <Tabs activeKey={active} onSelect={(_event, key) => setActive(key)} aria-label="Job details">
            {tabs.map((tab) => (
              <Tab key={tab.key} eventKey={tab.key} title={<TabTitleText>{tab.title}</TabTitleText>}>
                <div className="pf-v6-u-pt-md">
                  {tab.key === 'errors' ? (
                    <JobErrors errors={details.errors} />
                  ) : (
                    asCode(details[tab.key], tab.title)
                  )}
                </div>
              </Tab>
            ))}
          </Tabs>
        )}
      </ModalBody>
    </Modal>
  );
}
