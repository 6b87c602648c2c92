import { Link } from 'react-router';
import { APP_NAME } from '@web/lib/brand';
import { cn } from '@web/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#0d9488" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#logo-gradient)" />
      <path
        d="M25 20 13 32l12 12M39 20l12 12-12 12"
        fill="none"
        stroke="#fff"
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The brand, linking home. `compactBelow` hides the word on very narrow screens (the link keeps its name). */
export function Logo({ to = '/', className, compact = false }: { to?: string; className?: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      aria-label={`${APP_NAME} home`}
      className={cn(
        'flex items-center gap-2 rounded-lg font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <LogoMark />
      <span className={cn('text-lg', compact && 'max-[420px]:sr-only')}>{APP_NAME}</span>
    </Link>
  );
}
