import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';

/** The frame of the sign-in and registration pages: a quiet header, one centred card. */
export function AuthLayout({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background">
      <DocumentTitle title={title} />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-96 bg-[radial-gradient(ellipse_at_top,rgba(79,70,229,0.14),transparent_65%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(129,140,248,0.16),transparent_65%)]"
      />
      <header className="relative">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="relative flex flex-1 items-start justify-center px-4 pb-24 pt-6 focus:outline-none sm:items-center sm:pt-10"
      >
        <div className="w-full max-w-md">{children}</div>
      </main>
      {aside}
    </div>
  );
}
