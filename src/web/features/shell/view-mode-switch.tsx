import { useId } from 'react';
import { useNavigate } from 'react-router';
import { dashboardTarget } from '@web/lib/access';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useSession, useSetViewMode } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { toastError } from '@web/lib/notify';

/** The administrator's switch between the admin view and the student preview; stored on the server session. */
export function ViewModeSwitch({ className, onSwitched }: { className?: string; onSwitched?: () => void }) {
  const id = useId();
  const { session } = useSession();
  const setViewMode = useSetViewMode();
  const navigate = useNavigate();
  if (session?.user.role !== 'admin') return null;
  const optimistic = setViewMode.isPending ? setViewMode.variables : session.viewMode;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Switch
        id={id}
        checked={optimistic === 'student'}
        disabled={setViewMode.isPending}
        onCheckedChange={(checked) =>
          setViewMode.mutate(checked ? 'student' : 'admin', {
            onSuccess: (next) => {
              onSwitched?.();
              void navigate(dashboardTarget(next));
            },
            onError: (error) => toastError(error, { title: 'Error', message: 'Failed to switch the view. Please try again.' }),
          })
        }
      />
      <Label htmlFor={id} className="cursor-pointer text-sm">
        Student View
      </Label>
    </div>
  );
}
