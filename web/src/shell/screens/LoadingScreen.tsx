import { Bullseye, Spinner } from '@patternfly/react-core';

/** A centred spinner: while whoami or a lazily loaded page is on its way. */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const spinner = (
    <Bullseye className={fullPage ? 'ops-full-page' : 'ops-fill'}>
      <Spinner aria-label="Loading" />
    </Bullseye>
  );
  return fullPage ? <main>{spinner}</main> : spinner;
}
