import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Bullseye,
  Button,
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
  PageSection,
} from '@patternfly/react-core';

export interface ScreenMessageProps {
  title: ReactNode;
  status?: 'danger' | 'warning' | 'info';
  icon?: ComponentType;
  /** Explanation under the title. */
  children?: ReactNode;
  /** Links or buttons under the explanation. */
  actions?: ReactNode;
  /** Outside the console chrome the message fills the window; inside it fills the page area. */
  fullPage?: boolean;
}

/** The one layout of every error, gating and placeholder screen: a centred title, text and actions. */
export function ScreenMessage({
  title,
  status,
  icon,
  children,
  actions,
  fullPage = false,
}: ScreenMessageProps) {
  const message = (
    <EmptyState titleText={title} headingLevel={fullPage ? 'h1' : 'h2'} status={status} icon={icon}>
      {children !== undefined && <EmptyStateBody>{children}</EmptyStateBody>}
      {actions !== undefined && (
        <EmptyStateFooter>
          <EmptyStateActions>{actions}</EmptyStateActions>
        </EmptyStateFooter>
      )}
    </EmptyState>
  );
  if (fullPage) {
    return (
      <main className="ops-full-page">
        <Bullseye>{message}</Bullseye>
      </main>
    );
  }
  return <PageSection isFilled>{message}</PageSection>;
}

function HomeAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...props} to="/" />;
}

/** A button-styled in-app link to the console's home (`/`, which redirects to the topology). */
export function HomeLink({ children }: { children: ReactNode }) {
  return (
    <Button variant="primary" component={HomeAnchor}>
      {children}
    </Button>
  );
}
