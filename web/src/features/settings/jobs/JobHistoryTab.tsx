import { useState } from 'react';
import { Button } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import type { SpecResourceTab } from '../../../components/SpecResource/index.js';
import { formatDuration } from '../../../lib/format.js';
import { hasJobDetails, JobDetailsDialog } from './JobDetailsDialog.js';
import { JobStatusLabel } from './JobStatusLabel.js';
import { jobHistoryKey, listJobHistory, type JobHistory } from './jobs-api.js';

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
        hasJobDetails(job.details) && (
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
      {shown && <JobDetailsDialog job={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}

/** The Job History tab of a spec resource's page, after its Spec. */
export const JOB_HISTORY_TAB: SpecResourceTab<{ id: string }> = {
  key: 'jobs',
  title: 'Job History',
  content: (row) => <JobHistoryTab resourceId={row.id} />,
};
