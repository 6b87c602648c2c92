import { CircleCheckIcon, PencilLineIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';

/** Published (green) or Draft (amber), with an icon so the state does not rest on colour alone. */
export function PublishedBadge({ isPublished, className }: { isPublished: boolean; className?: string }) {
  return isPublished ? (
    <Badge variant="green" className={className}>
      <CircleCheckIcon aria-hidden="true" />
      Published
    </Badge>
  ) : (
    <Badge variant="amber" className={className}>
      <PencilLineIcon aria-hidden="true" />
      Draft
    </Badge>
  );
}
