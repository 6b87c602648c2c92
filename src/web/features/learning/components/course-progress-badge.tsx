import type { CourseStatus } from '@common/learning';
import { CircleCheckIcon, CircleDashedIcon, CirclePlayIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';

const statuses = {
  completed: { label: 'Completed', variant: 'green', icon: CircleCheckIcon },
  in_progress: { label: 'In Progress', variant: 'secondary', icon: CirclePlayIcon },
  not_started: { label: 'Not Started', variant: 'outline', icon: CircleDashedIcon },
} as const;

/** Where the student is in the course: not started, in progress or completed. */
export function CourseProgressBadge({ status, className }: { status: CourseStatus; className?: string }) {
  const { label, variant, icon: Icon } = statuses[status];
  return (
    <Badge variant={variant} className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
