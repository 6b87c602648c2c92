import { Spinner } from '@web/components/ui/spinner';

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <main aria-busy="true" className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={label} />
    </main>
  );
}
