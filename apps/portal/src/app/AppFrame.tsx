import { Outlet, useHref, useLocation, useNavigate, useNavigation, type NavigateOptions } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { FullScreenSpinner } from '@acompanha/ui';
import { useFrameEffects } from './frame';

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
  useFrameEffects(pathname);
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {navigation.state === 'loading' && !navigation.location?.state?.quiet ? <FullScreenSpinner /> : null}
      <Outlet />
    </RouterProvider>
  );
}
