import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { GenericErrorScreen } from './GenericErrorScreen.js';

interface State {
  error?: unknown;
}

/** Catches render errors anywhere below it and shows the generic error screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <GenericErrorScreen />;
  }
}

/**
 * The routes' errorElement: a page that throws while rendering or loading. Inside the shell it keeps
 * the chrome around it, so the user can still navigate away.
 */
export function RouteErrorScreen({ fullPage = true }: { fullPage?: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error('route error', error), [error]);
  return <GenericErrorScreen fullPage={fullPage} />;
}
