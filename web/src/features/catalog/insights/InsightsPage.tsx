import { PageHeader } from '../../../shell/page-header.js';
import { InsightsList } from './InsightsList.js';

/** /catalog/insights (spec 3 §2.1): the insights of the whole catalog. */
export function InsightsPage() {
  return (
    <>
      <PageHeader title="Insights" />
      <InsightsList />
    </>
  );
}
