import { Link } from 'react-router';
import { ChangesList } from './ChangesList.js';

/**
 * The title as a breadcrumb from the catalog. The top bar puts it in its h1, which holds phrasing
 * content only, so the trail is a link and text rather than a nav list.
 */
function ChangesBreadcrumb() {
  return (
    <span>
      <Link to="/catalog">Catalog</Link>
      <span aria-hidden="true" style={{ margin: '0 var(--pf-t--global--spacer--sm)' }}>
        ›
      </span>
      <span aria-current="page">Changes</span>
    </span>
  );
}

/** /catalog/changes (spec 3 §2.1): every config's changes under the filters of the URL. */
export function ChangesPage() {
  return <ChangesList title={<ChangesBreadcrumb />} />;
}
