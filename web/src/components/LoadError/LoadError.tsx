import { errorMessage } from '../../api/index.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';

/** A page whose data could not be loaded: spec 3 §8's 'Something went wrong' and the server's message. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <ScreenMessage status="danger" title="Something went wrong">
      {errorMessage(error)}
    </ScreenMessage>
  );
}
