import { Link } from 'react-router';
import { paths, PREVIEW_ANCHOR } from '@web/lib/paths';
import { LogoMark } from '@web/components/logo';
import { APP_NAME } from '@web/lib/brand';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const link =
    'rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold">
            <LogoMark className="size-7" />
            {APP_NAME}
          </p>
          <p className="text-sm text-muted-foreground">
            Personal programming tutoring: clear video lessons, hands-on projects and a real person who answers your questions.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-2 sm:grid-cols-3">
          <Link to={`${paths.home}#courses`} className={link}>
            Our courses
          </Link>
          <Link to={`${paths.home}#${PREVIEW_ANCHOR}`} className={link}>
            Watch a sample lesson
          </Link>
          <Link to={paths.contact} className={link}>
            Write to your tutor
          </Link>
          <Link to={paths.register} className={link}>
            Create an account
          </Link>
          <Link to={paths.login} className={link}>
            Student login
          </Link>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © {year} {APP_NAME}. Made for curious people who want to build things.
        </p>
      </div>
    </footer>
  );
}
