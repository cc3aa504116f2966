import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { VisitorNavigationContext } from './visitorNavigation';

/** The visitor's pages inside the full route table: their navigation is React Router's. */
export function VisitorRoutes() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo(
    () => ({
      pathname,
      params: new URLSearchParams(search),
      navigate: (to: string, options?: { replace?: boolean }) => void navigate(to, options),
    }),
    [pathname, search, navigate],
  );
  return (
    <VisitorNavigationContext.Provider value={navigation}>
      <Outlet />
    </VisitorNavigationContext.Provider>
  );
}
