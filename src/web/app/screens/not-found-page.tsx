import { HomeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { MinimalPage } from '@web/components/minimal-page';
import { Button } from '@web/components/ui/button';

export function NotFoundPage() {
  return (
    <MinimalPage title="Page not found">
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
    </MinimalPage>
  );
}

export { NotFoundPage as Component };
