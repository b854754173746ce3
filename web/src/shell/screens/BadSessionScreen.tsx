import { useSearchParams } from 'react-router';
import { HomeLink, ScreenMessage } from './ScreenMessage.js';

export const BAD_SESSION_MESSAGE =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** /bad-session?error_code=...: where sign-in sends a user whose session cannot be used. */
export function BadSessionScreen() {
  const [params] = useSearchParams();
  if (params.get('error_code') !== 'BAD_SESSION') {
    return <ScreenMessage fullPage status="danger" title="Unknown error" />;
  }
  return (
    <ScreenMessage
      fullPage
      status="warning"
      title={BAD_SESSION_MESSAGE}
      actions={<HomeLink>Go back</HomeLink>}
    />
  );
}
