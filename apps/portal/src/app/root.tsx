import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './Providers';
import { queryClient } from './queryClient';

const root = createRoot(document.getElementById('root')!);

/**
 * Shows `content` inside what every screen needs around it. Both starts (main.tsx, signIn.tsx) render through it,
 * so the light start handing over to the full portal keeps the theme, the server-state cache and the toasts.
 */
export function show(content: ReactNode) {
  // A transition: React renders the screen in 5 ms slices instead of one long task, so a phone stays responsive to
  // her first tap while the first screen (the private layout and its screen, above all) renders.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>{content}</Providers>
      </StrictMode>,
    );
  });
}
