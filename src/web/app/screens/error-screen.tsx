import { AlertTriangleIcon, HomeIcon, RotateCcwIcon } from 'lucide-react';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button';
import { isAssetLoadError } from '@web/features/pwa/new-version';
import { NewVersionScreen } from '@web/features/pwa/new-version-screen';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** The full-screen view of an unexpected rendering error. */
export function ErrorScreen({ error, onReset }: { error: unknown; onReset: () => void }) {
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-background px-4 py-16 text-foreground">
      <div className="w-full max-w-lg rounded-2xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300">
          <AlertTriangleIcon className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">
          We encountered an unexpected error. This has been logged and our team will investigate.
        </p>
        <details className="mt-6 rounded-lg border bg-muted/60 p-3 text-left text-sm">
          <summary className="cursor-pointer rounded font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Error details
          </summary>
          <pre className="mt-3 overflow-auto whitespace-pre-wrap break-words font-mono text-xs text-muted-foreground">
            {describe(error)}
          </pre>
        </details>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onReset}>
            <RotateCcwIcon aria-hidden="true" />
            Try Again
          </Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            <HomeIcon aria-hidden="true" />
            Home
          </Button>
        </div>
      </div>
    </main>
  );
}

/** The router's errorElement, so the library's default 'Unexpected Application Error!' never shows. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const assetMissing = isAssetLoadError(error);
  useEffect(() => {
    if (!assetMissing) console.error(error);
  }, [error, assetMissing]);
  // A page file that failed to download (a new version was deployed under this tab): the new version, not an error.
  if (assetMissing) return <NewVersionScreen error={error} />;
  const reset = () => {
    // A new navigation to the same place clears the router's error state and renders the route again.
    void navigate(location.pathname + location.search + location.hash, { replace: true });
  };
  return <ErrorScreen error={error} onReset={reset} />;
}

/** The outermost boundary, for errors outside the router (providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; hasError: boolean }> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError && isAssetLoadError(this.state.error)) return <NewVersionScreen error={this.state.error} />;
    if (this.state.hasError)
      return <ErrorScreen error={this.state.error} onReset={() => this.setState({ error: undefined, hasError: false })} />;
    return this.props.children;
  }
}
