import { HomeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/app/paths';
import { DocumentTitle } from '@web/components/document-title';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <DocumentTitle title="Page not found" />
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16 focus:outline-none">
        <div className="text-center">
          <p className="bg-gradient-to-br from-indigo-600 to-teal-700 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent dark:from-indigo-300 dark:to-teal-300">
            404
          </p>
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Page not found</h1>
          <p className="mt-3 max-w-md text-muted-foreground">
            The page you were looking for does not exist or has moved. Let&apos;s get you back on track.
          </p>
          <Button asChild className="mt-8">
            <Link to={paths.home}>
              <HomeIcon aria-hidden="true" />
              Return home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

export { NotFoundPage as Component };
