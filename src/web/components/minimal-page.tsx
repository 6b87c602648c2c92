import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';

/** A page with only the logo and the theme toggle above one centred message (404, pending approval). */
export function MinimalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <DocumentTitle title={title} />
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
