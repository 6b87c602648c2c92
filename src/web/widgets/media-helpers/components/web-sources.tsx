import type { WebSource } from '@common/media-helpers-texts';
import { ExternalLinkIcon } from 'lucide-react';

/** The web pages a tutor answer cites as [n], as links under it. */
export function WebSources({ sources }: { sources: WebSource[] }) {
  if (!sources.length) return null;
  return (
    <div className="mt-2 border-t border-border/70 pt-2">
      <p className="text-xs font-medium text-muted-foreground">Web sources</p>
      <ol className="mt-1 flex flex-col gap-1" aria-label="Web sources">
        {sources.map((s) => (
          <li key={s.n} className="flex min-w-0 gap-1.5 text-xs">
            <span className="shrink-0 text-muted-foreground">[{s.n}]</span>
            <a
              href={s.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex min-w-0 items-center gap-1 font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              title={s.url}
            >
              <span className="truncate">{s.title || hostOf(s.url)}</span>
              <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
