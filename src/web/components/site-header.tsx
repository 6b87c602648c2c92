import { MenuIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths, PREVIEW_ANCHOR } from '@web/lib/paths';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { dashboardHref, useSession } from '@web/lib/auth';
import { cn } from '@web/lib/cn';

const navLink =
  'rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The landing page's sections, for the phone's menu (the wide header shows the two most wanted). */
const sections: { href: string; label: string }[] = [
  { href: '#how', label: "How You'll Learn" },
  { href: '#courses', label: 'Courses' },
  { href: `#${PREVIEW_ANCHOR}`, label: 'Free Lesson' },
  { href: '#why', label: 'Why Learn Here' },
];

/**
 * Below `md`, the sections and Contact behind one Menu button. A native disclosure (<details>):
 * it opens and closes before the page's script has loaded, and adds none to the prerendered page.
 * Choosing a section, Escape, or leaving it with the keyboard closes it.
 */
function SectionsMenu() {
  const close = (details: HTMLDetailsElement | null, focusSummary = false) => {
    if (!details?.open) return;
    details.open = false;
    if (focusSummary) details.querySelector('summary')?.focus();
  };
  return (
    // Not positioned itself: the list opens under the whole (sticky, so positioned) header, across the phone's width.
    <details
      className="group md:hidden"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(e.currentTarget, true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) close(e.currentTarget);
      }}
    >
      <summary
        className={cn(
          navLink,
          'flex min-h-11 cursor-pointer list-none items-center gap-1.5 text-foreground [&::-webkit-details-marker]:hidden',
        )}
      >
        <MenuIcon className="size-5 group-open:hidden" aria-hidden="true" />
        <XIcon className="hidden size-5 group-open:block" aria-hidden="true" />
        Menu
      </summary>
      <ul className="absolute inset-x-4 top-full z-50 mt-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg sm:left-auto sm:right-6 sm:w-72">
        {sections.map(({ href, label }) => (
          <li key={href}>
            <a
              href={href}
              onClick={(e) => close(e.currentTarget.closest('details'))}
              className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {label}
            </a>
          </li>
        ))}
        <li className="mt-1 border-t pt-1">
          <Link
            to={paths.contact}
            className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Contact
          </Link>
        </li>
      </ul>
    </details>
  );
}

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
              <SectionsMenu />
              <a href="#courses" className={cn(navLink, 'hidden md:inline-block')}>
                Courses
              </a>
              <a href={`#${PREVIEW_ANCHOR}`} className={cn(navLink, 'hidden md:inline-block')}>
                Free Lesson
              </a>
            </>
          )}
          {/* On a phone the landing page's menu holds Contact. */}
          <Link to={paths.contact} className={cn(navLink, showSections && 'hidden md:inline-block')}>
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
