import { useEffect } from 'react';
import { Outlet, useHref, useLocation, useNavigate, useNavigation, type NavigateOptions } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { FullScreenSpinner, toastQueue } from '@acompanha/ui';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Lets every ui Link navigate client-side, covers the page while the next one loads, and clears
 * the error toasts of the screen being left.
 */
export function AppFrame() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // An error speaks about the screen it came from: a new screen starts without stale errors.
  // Success toasts stay, since they often announce the very move ("Pergunta salva." → its page).
  // Inter once the first screen has painted (as the survey does): its stylesheet is then nothing the first paint
  // waits for, and its files do not share the network with the screen's scripts. The text shows in the system font
  // until then (`font-display: swap`), as it would anyway while the font downloads on a slow network.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => void import('@acompanha/ui/fonts').catch(() => {})));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(
    () => () => {
      for (const toast of toastQueue.visibleToasts) if (toast.content.tone === 'error') toastQueue.close(toast.key);
    },
    [pathname],
  );
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {navigation.state === 'loading' && !navigation.location?.state?.quiet ? <FullScreenSpinner /> : null}
      <Outlet />
    </RouterProvider>
  );
}
