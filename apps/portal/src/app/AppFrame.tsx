import { Outlet, useHref, useNavigate, useNavigation, type NavigateOptions } from 'react-router';
import { RouterProvider } from 'react-aria-components';
import { FullScreenSpinner } from '@acompanha/ui';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Lets every ui Link navigate client-side, and covers the page while the next one loads. */
export function AppFrame() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {navigation.state === 'loading' && !navigation.location?.state?.quiet ? <FullScreenSpinner /> : null}
      <Outlet />
    </RouterProvider>
  );
}
