import { Link } from 'react-router';
import { cn } from '@web/lib/cn';
import { navCurrent, type NavItem } from './shell-model';

/**
 * The pages of one area of the top bar (Students · Invitations · Notifications), as a row of links
 * above the page's own header, at every width; the current page is marked (aria-current="page").
 */
export function AreaNav({ label, items, pathname }: { label: string; items: NavItem[]; pathname: string }) {
  return (
    <nav aria-label={label} className="-mt-2 mb-6 overflow-x-auto border-b md:-mt-4">
      <ul className="flex gap-1">
        {items.map((item) => {
          const current = navCurrent(item, pathname) === 'page';
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  '-mb-px flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  current
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
