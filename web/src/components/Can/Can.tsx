import type { ReactNode } from 'react';
import { useCan, type Action, type Resource } from '../../api/index.js';

interface Shown {
  children: ReactNode;
  /** What shows instead when it is not allowed (nothing by default). */
  fallback?: ReactNode;
}

export type CanProps = Shown &
  (
    | { /** An action whoami lists: 'checks.run'. */ do: Action; resource?: never; write?: never }
    | { /** Read on this resource, or write with `write`. */ resource: Resource; write?: boolean; do?: never }
  );

/**
 * Shows its children only when the server would allow it: `<Can do="checks.run">`,
 * `<Can resource="canaries" write>`. The server still refuses; this only hides.
 */
export function Can(props: CanProps) {
  const allowed = useCan(
    (props.do ?? props.resource) as Resource,
    props.do === undefined ? (props.write ? 'write' : 'read') : undefined,
  );
  return <>{allowed ? props.children : (props.fallback ?? null)}</>;
}
