import { WrenchIcon } from '@patternfly/react-icons';
import { PageHeader, useRouteTitle } from '../page-header.js';
import { ScreenMessage } from './ScreenMessage.js';

/**
 * The placeholder of an area whose screens are not built yet, titled after the route (its handle
 * title). routes.tsx names it for each area that has no pages of its own.
 */
export function NotBuiltPage({ fullPage = false }: { fullPage?: boolean }) {
  const title = useRouteTitle() ?? 'Ops Console';
  return (
    <>
      <PageHeader title={title} />
      <ScreenMessage fullPage={fullPage} icon={WrenchIcon} title={title}>
        This part of the console is not built yet.
      </ScreenMessage>
    </>
  );
}

/** NotBuiltPage for routes outside the console chrome (sign-in, the public topology card). */
export function NotBuiltScreen() {
  return <NotBuiltPage fullPage />;
}
