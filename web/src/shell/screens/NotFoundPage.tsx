import { SearchIcon } from '@patternfly/react-icons';
import { PageHeader } from '../page-header.js';
import { HomeLink, ScreenMessage } from './ScreenMessage.js';

/** Any path the console does not know, and a generic settings table that does not exist. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <ScreenMessage
        icon={SearchIcon}
        title="Page not found"
        actions={<HomeLink>Go to the home page</HomeLink>}
      >
        There is nothing at this address.
      </ScreenMessage>
    </>
  );
}
