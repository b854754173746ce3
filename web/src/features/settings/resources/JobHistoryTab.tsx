import { useId, useState } from 'react';
import { Button, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { CopyButton } from '../../../components/CopyButton/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { formatDuration } from '../../../lib/format.js';
import { JobStatusLabel } from './JobStatusLabel.js';
import { jobHistoryKey, listJobHistory, type JobHistory } from './resources-api.js';

const hasDetails = (details: unknown) =>
  details !== null &&
  details !== undefined &&
  !(typeof details === 'object' && Object.keys(details as object).length === 0);

/** The 'Details for job {name}' dialog: what the job recorded, as code. */
function JobDetailsModal({ job, onClose }: { job: JobHistory; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={`Details for job ${job.name}`} labelId={titleId} />
      <ModalBody>
        <CodeViewer
          value={job.details}
          language="json"
          aria-label="Job details"
          copyButton={(text) => <CopyButton text={text} />}
        />
      </ModalBody>
    </Modal>
  );
}

/** A resource's Job History tab: its latest 150 jobs, newest first (spec 3 §2.3, §9). */
export function JobHistoryTab({ resourceId }: { resourceId: string }) {
  const { data, error, isLoading } = useDbQuery<JobHistory[]>(jobHistoryKey(resourceId), () =>
    listJobHistory(resourceId),
  );
  const [shown, setShown] = useState<JobHistory>();

  const columns: DataTableColumn<JobHistory>[] = [
    { id: 'name', header: 'Name', sortable: true, cell: (job) => job.name },
    { id: 'status', header: 'Status', sortable: true, cell: (job) => <JobStatusLabel status={job.status} /> },
    { id: 'time_start', header: 'Started', sortable: true, cell: (job) => <Age from={job.time_start} /> },
    {
      id: 'duration_millis',
      header: 'Duration',
      sortable: true,
      cell: (job) => formatDuration(job.duration_millis),
    },
    { id: 'success_count', header: 'Success', sortable: true, cell: (job) => job.success_count },
    { id: 'error_count', header: 'Errors', sortable: true, cell: (job) => job.error_count },
    {
      id: 'details',
      header: 'Details',
      cell: (job) =>
        hasDetails(job.details) && (
          <Button variant="link" isInline onClick={() => setShown(job)}>
            Details
          </Button>
        ),
    },
  ];

  if (error && !data) return <LoadError error={error} />;
  return (
    <>
      <DataTable
        ariaLabel="Job history"
        columns={columns}
        rows={data ?? []}
        rowKey={(job) => job.id}
        isLoading={isLoading}
        queryPrefix="jobs"
      />
      {shown && <JobDetailsModal job={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}
