import { Button } from '@patternfly/react-core';
import { ScreenMessage } from './ScreenMessage.js';

/**
 * 'Sorry.. there was an error.' — for a failed whoami and for uncaught render errors. It may render
 * outside the router (the top-level error boundary), so it offers a reload rather than an in-app link.
 */
export function GenericErrorScreen({ fullPage = true }: { fullPage?: boolean }) {
  return (
    <ScreenMessage
      fullPage={fullPage}
      status="danger"
      title="Sorry.. there was an error."
      actions={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
