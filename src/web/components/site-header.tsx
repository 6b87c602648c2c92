import { Link } from 'react-router';
import { paths, PREVIEW_ANCHOR } from '@web/lib/paths';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { dashboardHref, useSession } from '@web/lib/auth';
import { cn } from '@web/lib/cn';

const navLink =
  'rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The public pages' header: contact link, theme control, and Dashboard or Sign In / Get Started. */
export function SiteHeader({ showSections = false }: { showSections?: boolean }) {
  const { session, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo compact />
        <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:ml-6 sm:gap-2">
          {showSections && (
            <>
              <a href="#courses" className={cn(navLink, 'hidden md:inline-block')}>
                Courses
              </a>
              <a href={`#${PREVIEW_ANCHOR}`} className={cn(navLink, 'hidden md:inline-block')}>
                Free Lesson
              </a>
            </>
          )}
          <Link to={paths.contact} className={navLink}>
            Contact
          </Link>
        </nav>
        <div className="flex items-center gap-1 sm:ml-auto sm:gap-2">
          <ThemeToggle />
          {isPending ? (
            <span className="block h-9 w-20" aria-hidden="true" />
          ) : session ? (
            <Button asChild size="sm">
              <Link to={dashboardHref(session.user)}>Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="sm" variant="ghost" className="px-2 sm:px-3">
                <Link to={paths.login}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.register}>Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
