import { LockIcon } from '@patternfly/react-icons';
import { ScreenMessage } from './ScreenMessage.js';

/** Shown instead of a page the user may not read; full page at /unauthorized. */
export function UnauthorizedPage({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <ScreenMessage
      fullPage={fullPage}
      icon={LockIcon}
      title="Unauthorized – You do not have permission to access this page"
    />
  );
}

/** The /unauthorized route, outside the console chrome. */
export function UnauthorizedScreen() {
  return <UnauthorizedPage fullPage />;
}
