import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import styles from './error-boundary.module.css';

/** The spec's crash screen: shown instead of a page that threw while rendering. */
export function CrashScreen(): React.JSX.Element {
  return (
    <div className={styles.crash} role="alert">
      <h1>Something went wrong</h1>
      <p>Please refresh the page to try again.</p>
      <button type="button" className={styles.refresh} onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

/** Router error element: logs the route error and shows the crash screen. */
export function RouteErrorScreen(): React.JSX.Element {
  const error = useRouteError();
  console.error(error);
  return <CrashScreen />;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches render errors outside the router's own handling (providers, layout). */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
