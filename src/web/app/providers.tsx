import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, memo, useState, type ReactNode } from 'react';
import { AppToaster } from '@web/components/app-toaster';
import { LessonTutorSlot } from '@web/features/learning/lesson-tutor-slot';
import { createQueryClient } from '@web/lib/query-client';
import { useTheme } from '@web/lib/use-theme';

// The course screen's tutor, composed here so the learning feature need not import the ai-tutor
// feature. Lazy: its code is fetched only when the course screen first shows it.
const AiTutor = memo(lazy(() => import('@web/features/ai-tutor/ai-tutor').then((m) => ({ default: m.AiTutor }))));

export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <LessonTutorSlot value={AiTutor}>{children}</LessonTutorSlot>
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}
