import { LogOutIcon, MenuIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { NotificationBell } from '@web/widgets/notification-bell/notification-bell';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { afterLoadAndIdle } from '@web/lib/after-load';
import { useSession } from '@web/lib/auth';
import { TAGLINE } from '@web/lib/brand';
import { cn } from '@web/lib/cn';
import { useSignOut } from '@web/lib/use-sign-out';
import { AreaNav } from './area-nav';
import { areaNav, displayName, isStudentView, mobileTitle, navCurrent, navItems, roleLabel, type NavItem } from './shell-model';
import { useUnansweredQuestions } from './use-unanswered-questions';

// Not in the first download of every signed-in page: the phone's menu (a Radix dialog), fetched once
// the page is idle or when first opened, and the administrator's view switch (Radix switch and
// label), which a student never sees; the admin screens preload it (vite.config.ts).
const loadMenuDrawer = () => import('./shell-menu-drawer');
const ShellMenuDrawer = lazy(loadMenuDrawer);
const LazyViewModeSwitch = lazy(() => import('./view-mode-switch').then((m) => ({ default: m.ViewModeSwitch })));

/** The administrator's switch; until its code is there, a stand-in of the same size (the header does not move). */
function ViewModeSwitch({ className, onSwitched }: { className?: string; onSwitched?: () => void }) {
  const { session } = useSession();
  if (session?.user.role !== 'admin') return null;
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" className={cn('flex items-center gap-2', className)}>
          <span className="h-6 w-11 rounded-full bg-slate-400/40" />
          <span className="text-sm font-medium leading-none">Student View</span>
        </div>
      }
    >
      <LazyViewModeSwitch className={className} onSwitched={onSwitched} />
    </Suspense>
  );
}

function DemoModeBadge() {
  return (
    <Badge variant="amber">
      <SparklesIcon aria-hidden="true" />
      Demo Mode
    </Badge>
  );
}

function NavItems({ items, orientation, onNavigate }: { items: NavItem[]; orientation: 'row' | 'column'; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex gap-1', orientation === 'column' ? 'flex-col' : 'flex-row flex-wrap')}>
      {items.map((item, index) => {
        // The student's two entries share one page: only the first shows as current.
        const first = items.findIndex((i) => i.to === item.to) === index;
        const current = first ? navCurrent(item, pathname) : undefined;
        return (
          <li key={item.label}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={current}
              className={cn(
                'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                current ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                orientation === 'column' && 'py-2.5 text-base',
              )}
            >
              {item.label}
              {item.badge && <Badge variant="amber">{item.badge}</Badge>}
              {item.badgeLabel && <span className="sr-only">({item.badgeLabel})</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The signed-in frame: name, role label, Sign Out and the admin's
 * view-mode switch; below 768px a left drawer with the same, and a title from the path.
 */
export function ShellLayout() {
  const { session } = useSession();
  const { signOut, isPending: signingOut } = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from its first opening on (so it can animate closed), not before.
  const [menuMounted, setMenuMounted] = useState(false);
  if (menuOpen && !menuMounted) setMenuMounted(true);
  useEffect(() => afterLoadAndIdle(() => void loadMenuDrawer().catch(() => undefined)), []);
  const unansweredQuestions = useUnansweredQuestions(session?.user.role === 'admin' && session.viewMode === 'admin');
  if (!session) return null; // The guard above renders only with a session.

  const name = displayName(session);
  const role = roleLabel(session);
  const studentView = isStudentView(session);
  const items = navItems(session, unansweredQuestions);
  const area = session.user.role === 'admin' && !studentView ? areaNav(pathname) : null;

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      {/* Opaque: a page scrolled under it never shows through. */}
      <header className="sticky top-0 z-40 border-b bg-card shadow-xs">
        {/* Mobile bar */}
        <div className="flex h-14 items-center gap-2 px-3 md:hidden">
          <Button variant="ghost" size="icon" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon className="size-5" aria-hidden="true" />
          </Button>
          <p className="min-w-0 flex-1 truncate text-base font-semibold">{mobileTitle(pathname)}</p>
          {studentView && <DemoModeBadge />}
          <NotificationBell />
          <ThemeToggle />
        </div>

        {/* Desktop header */}
        <div className="mx-auto hidden max-w-7xl flex-col px-6 md:flex">
          <div className="flex h-16 items-center gap-4">
            <div className="flex min-w-0 items-center gap-3">
              <Logo />
              <p
                data-testid="shell-tagline"
                className="hidden max-w-[15rem] border-l pl-3 text-xs leading-snug text-muted-foreground lg:block xl:max-w-sm"
              >
                {TAGLINE}
              </p>
            </div>
            {studentView && <DemoModeBadge />}
            <div className="ml-auto flex items-center gap-3">
              <ViewModeSwitch className="rounded-lg border px-3 py-1.5" />
              <NotificationBell />
              <ThemeToggle />
              {/* Here at every desktop width, so the row of areas below keeps its whole width. */}
              <div className="hidden min-w-0 max-w-40 text-right leading-tight md:block lg:max-w-60">
                <p className="truncate text-sm font-semibold">{name}</p>
                <p className="truncate text-xs text-muted-foreground">{role}</p>
              </div>
              <Button variant="outline" size="sm" onClick={signOut} disabled={signingOut}>
                <LogOutIcon aria-hidden="true" />
                Sign Out
              </Button>
            </div>
          </div>
          <nav aria-label="Dashboard" className="-mb-px flex items-center pb-2">
            <NavItems items={items} orientation="row" />
          </nav>
        </div>
      </header>

      {menuMounted && (
        <Suspense fallback={null}>
          <ShellMenuDrawer
            open={menuOpen}
            onOpenChange={setMenuOpen}
            name={name}
            role={role}
            studentView={studentView}
            viewModeSwitch={<ViewModeSwitch className="mt-4" onSwitched={() => setMenuOpen(false)} />}
            signingOut={signingOut}
            onSignOut={() => {
              setMenuOpen(false);
              signOut();
            }}
          >
            <NavItems items={items} orientation="column" onNavigate={() => setMenuOpen(false)} />
          </ShellMenuDrawer>
        </Suspense>
      )}

      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 md:py-8">
        {area && <AreaNav label={area.label} items={area.items} pathname={pathname} />}
        <Outlet />
      </main>
    </div>
  );
}

export { ShellLayout as Component };
