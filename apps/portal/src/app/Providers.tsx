import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { GlobalStyles, ThemeProvider, toastQueue } from '@acompanha/ui';

// The region and its toasts (React Aria's toast and landmark code) load with the first toast: most pages,
// the sign-in page first of all, open without one.
const ToastRegion = lazy(() => import('./Toasts'));

function Toasts() {
  const [wanted, setWanted] = useState(() => toastQueue.visibleToasts.length > 0);
  useEffect(() => {
    if (wanted) return;
    if (toastQueue.visibleToasts.length > 0) return setWanted(true);
    return toastQueue.subscribe(() => setWanted(toastQueue.visibleToasts.length > 0));
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}

/** Theme, server-state cache and the toast region: what every screen needs around it. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider mode="light">
      <GlobalStyles />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
