import { Spinner } from '@patternfly/react-core';
import { ScreenMessage } from './ScreenMessage.js';

/** Shown while the back end is not ready yet (whoami answers 404 or 5xx). */
export function ProvisioningScreen() {
  return (
    <ScreenMessage fullPage title="Please wait, instance provisioning in-progress ...">
      <Spinner size="lg" aria-label="Provisioning" />
    </ScreenMessage>
  );
}
