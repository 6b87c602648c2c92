import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULT_MS } from '@common/limits';
import { createQueryClient } from '@web/lib/query-client';
import { useTheme } from '@web/lib/use-theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec §9: one toast visible at a time, 5 s by default. */}
      <Toaster
        theme={theme}
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DEFAULT_MS}
        closeButton
        containerAriaLabel="Notifications"
      />
    </QueryClientProvider>
  );
}
