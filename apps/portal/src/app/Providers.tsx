import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { GlobalStyles, ThemeProvider, ToastRegion } from '@acompanha/ui';

/** Theme, server-state cache and the toast region: what every screen needs around it. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider mode="light">
      <GlobalStyles />
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastRegion />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
