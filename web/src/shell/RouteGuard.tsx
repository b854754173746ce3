import { Outlet, useParams } from 'react-router';
import { useWhoami } from '../api/index.js';
import { AREAS, areaAccess, settingsTableArea, type AreaKey } from './nav-items.js';
import { FeatureDisabledPage } from './screens/FeatureDisabledPage.js';
import { LoadingScreen } from './screens/LoadingScreen.js';
import { NotFoundPage } from './screens/NotFoundPage.js';
import { UnauthorizedPage } from './screens/UnauthorizedPage.js';

/**
 * Layout route of an area: its pages render only when the area's feature is on and the user may
 * read its resource. The server refuses the data anyway; this says why instead of showing errors.
 */
export function RouteGuard({ area }: { area: AreaKey }) {
  const { data: whoami, isLoading } = useWhoami();
  if (whoami === undefined && isLoading) return <LoadingScreen />;
  switch (areaAccess(whoami, area)) {
    case 'disabled':
      return <FeatureDisabledPage title={AREAS[area].title} />;
    case 'unauthorized':
      return <UnauthorizedPage />;
    default:
      return <Outlet />;
  }
}

/** Guard of /settings/{table}[/{id}]: the generic tables of spec 3 §2.3; any other table is not found. */
export function SettingsTableGuard() {
  const area = settingsTableArea(useParams().table);
  return area ? <RouteGuard area={area} /> : <NotFoundPage />;
}
