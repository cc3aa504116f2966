import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ErrorScreen } from '@acompanha/ui';

/**
 * The default error screen of the spec: 'Unexpected Application Error!' with the status or message.
 * `inLayout`: a screen of the private area failed, and the layout around it (navigation) stays.
 */
export function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const detail =
    isRouteErrorResponse(error) || error instanceof Response
      ? `${error.status} ${error.statusText}`.trim()
      : error instanceof Error
        ? error.message
        : String(error ?? '');
  return (
    <ErrorScreen
      as={inLayout ? 'div' : 'main'}
      title="Unexpected Application Error!"
      message={detail}
      action={
        <Button variant="secondary" onPress={() => window.location.assign('/')}>
          Voltar ao início
        </Button>
      }
    />
  );
}
