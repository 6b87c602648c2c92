import { CourseEditorMessages as M } from '@common/courses';
import { useMutationState } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, CircleDotIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@web/lib/cn';
import { courseKeys } from '../api/course-keys';

type Shown = { text: string; icon: typeof CircleCheckIcon; tone: string; spin?: boolean };

/**
 * Whether the editor's changes are saved, beside Publish on every tab: saving while a change is
 * on its way, the last change refused, a form typed in but not saved (`notSaved` names it), or everything saved.
 * It follows the editor's own saves only (their mutation key), since this editor was opened.
 */
export function SaveStatus({ notSaved }: { notSaved: string | null }) {
  const [openedAt] = useState(() => Date.now());
  const saves = useMutationState({
    filters: { mutationKey: courseKeys.edits(), predicate: (m) => m.state.submittedAt >= openedAt },
    select: (m) => ({ status: m.state.status, at: m.state.submittedAt }),
  });
  const last = saves.reduce<(typeof saves)[number] | undefined>((a, b) => (!a || b.at >= a.at ? b : a), undefined);
  const shown: Shown = saves.some((s) => s.status === 'pending')
    ? { text: M.saving, icon: LoaderCircleIcon, tone: 'text-muted-foreground', spin: true }
    : last?.status === 'error'
      ? { text: M.lastChangeFailed, icon: CircleAlertIcon, tone: 'text-red-700 dark:text-red-400' }
      : notSaved
        ? { text: notSaved, icon: CircleDotIcon, tone: 'text-amber-800 dark:text-amber-300' }
        : { text: M.saved, icon: CircleCheckIcon, tone: 'text-green-700 dark:text-green-400' };
  const Icon = shown.icon;
  return (
    <p role="status" data-testid="save-status" className={cn('flex h-9 items-center gap-1.5 self-center text-sm font-medium', shown.tone)}>
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', shown.spin && 'animate-spin motion-reduce:animate-none')} />
      {shown.text}
    </p>
  );
}
