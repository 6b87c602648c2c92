import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { TAGLINE } from '@web/lib/brand';

/** The page heading inside the dashboard shell: the page's one h1, the tagline by default, an optional back button. */
export function PageHeader({
  title,
  subtitle = TAGLINE,
  back,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between md:mb-8">
      <div className="min-w-0">
        <DocumentTitle title={title} />
        {back && (
          <Button asChild variant="ghost" size="sm" className="-ml-3 mb-2 text-muted-foreground hover:text-foreground">
            <Link to={back.to}>
              <ArrowLeftIcon aria-hidden="true" />
              {back.label}
            </Link>
          </Button>
        )}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1.5 text-muted-foreground">{subtitle}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
