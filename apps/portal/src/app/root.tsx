import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './Providers';
import { queryClient } from './queryClient';

const root = createRoot(document.getElementById('root')!);

/**
 * Shows `content` inside what every screen needs around it. Both starts (main.tsx, signIn.tsx) render through it,
 * so the light start handing over to the full portal keeps the theme, the server-state cache and the toasts.
 */
export function show(content: ReactNode) {
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>{content}</Providers>
    </StrictMode>,
  );
}
