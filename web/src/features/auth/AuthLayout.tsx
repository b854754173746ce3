import type { ReactNode } from 'react';
import {
  Content,
  Flex,
  Login,
  LoginHeader,
  LoginMainBody,
  LoginMainHeader,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { MonitoringIcon } from '@patternfly/react-icons';
import { PageHeader } from '../../shell/page-header.js';

export interface AuthLayoutProps {
  /** The page's heading (h1) and the browser tab's title. */
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The full-window frame of the pages before the console: sign-in and invite acceptance. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const brand = (
    <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
      <MonitoringIcon />
      <strong>Ops Console</strong>
    </Flex>
  );
  return (
    <Login header={<LoginHeader headerBrand={brand} />}>
      <PageHeader title={title} />
      {/* The title as the page's h1: LoginMainHeader's own title is an h2. */}
      <LoginMainHeader>
        <Title headingLevel="h1" size="3xl">
          {title}
        </Title>
        {subtitle && <Content component="p">{subtitle}</Content>}
      </LoginMainHeader>
      <LoginMainBody>{children}</LoginMainBody>
    </Login>
  );
}

/** A spinner with what is happening, while the page waits for the server or leaves. */
export function AuthProgress({ label }: { label: string }) {
  return (
    <Flex role="status" alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapMd' }}>
      <Spinner size="lg" aria-hidden="true" />
      <span>{label}</span>
    </Flex>
  );
}
