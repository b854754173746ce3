import { PermissionsPanel } from '../permissions/index.js';

/** The Permissions tab of a saved connection: who may do what with it (spec 3 §2.3). */
export function ConnectionPermissionsTab({ connectionId }: { connectionId: string }) {
  return <PermissionsPanel filter={{ connection_id: connectionId }} />;
}
