import { Navigate, useSearchParams } from 'react-router';
import { CodeBlock, CodeBlockCode, Spinner } from '@patternfly/react-core';
import { errorMessage, useApi } from '../../api/index.js';
import { HomeLink, ScreenMessage } from './ScreenMessage.js';

/** Answers meaning the flow error is gone or not the caller's: nothing to show, go home. */
const GONE = new Set([403, 404, 410]);

/** /error?id=...: the details of a failed sign-in flow, fetched from the server. */
export function FlowErrorScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, error, isLoading } = useApi<unknown>(
    id ? `api/auth/errors/${encodeURIComponent(id)}` : null,
    {
      shouldRetryOnError: false,
      revalidateOnFocus: false,
    },
  );
  if (error?.status !== undefined && GONE.has(error.status)) return <Navigate to="/" replace />;
  if (isLoading) {
    return (
      <ScreenMessage fullPage title="Loading…">
        <Spinner aria-label="Loading" />
      </ScreenMessage>
    );
  }
  const details = error
    ? errorMessage(error)
    : data === undefined
      ? undefined
      : JSON.stringify(data, null, 2);
  return (
    <ScreenMessage fullPage status="danger" title="An error occurred" actions={<HomeLink>Go back</HomeLink>}>
      {details !== undefined && (
        <CodeBlock className="ops-flow-error">
          <CodeBlockCode>{details}</CodeBlockCode>
        </CodeBlock>
      )}
    </ScreenMessage>
  );
}
