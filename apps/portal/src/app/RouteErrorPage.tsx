import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from './ErrorPage';

/** The error page of a route that failed: its status, or the error's message. */
export function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const detail =
    isRouteErrorResponse(error) || error instanceof Response
      ? `${error.status} ${error.statusText}`.trim()
      : error instanceof Error
        ? error.message
        : String(error ?? '');
  return <ErrorPage detail={detail} inLayout={inLayout} />;
}
