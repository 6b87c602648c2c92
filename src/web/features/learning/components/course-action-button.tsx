import type { DashboardCourse } from '@common/learning';
import { ArrowRightIcon, EyeIcon, PlayIcon, RotateCcwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@web/lib/paths';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { courseActionLabel } from '../course-action';

/** The link to the course screen, labelled by progress; its accessible name also names the course. */
export function CourseActionButton({ course, preview, className }: { course: DashboardCourse; preview: boolean; className?: string }) {
  const label = courseActionLabel(course.percent, preview);
  const Icon = preview ? EyeIcon : course.percent === 0 ? PlayIcon : course.percent === 100 ? RotateCcwIcon : ArrowRightIcon;
  const variant = preview ? 'secondary' : course.percent === 100 ? 'outline' : 'default';
  return (
    <Button asChild variant={variant} className={cn('group', className)}>
      <Link to={paths.course.href(course.id)}>
        {label}
        <span className="sr-only"> {course.title}</span>
        <Icon
          aria-hidden="true"
          className={cn(Icon === ArrowRightIcon && 'transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none')}
        />
      </Link>
    </Button>
  );
}
