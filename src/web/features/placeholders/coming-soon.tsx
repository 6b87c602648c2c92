import { HammerIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An honest "not built yet" state: what the page will do, and no invented data. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center sm:py-20"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <HammerIcon className="size-6" aria-hidden="true" />
      </div>
      <h2 id="coming-soon-title" className="text-lg font-semibold">
        Coming soon
      </h2>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
    </section>
  );
}
