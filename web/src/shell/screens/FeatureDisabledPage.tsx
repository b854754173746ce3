import { Link } from 'react-router';
import { BanIcon } from '@patternfly/react-icons';
import { PageHeader } from '../page-header.js';
import { ScreenMessage } from './ScreenMessage.js';

/** Shown instead of an area whose feature flag (`{feature}.disable`) turns it off. */
export function FeatureDisabledPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <ScreenMessage icon={BanIcon} title={`${title} is disabled`}>
        An administrator can turn it back on under <Link to="/settings/feature-flags">Feature Flags</Link>.
      </ScreenMessage>
    </>
  );
}
