import { Button, ErrorScreen } from '@acompanha/ui';

/**
 * The default error screen of the spec: 'Unexpected Application Error!' with the status or message.
 * `inLayout`: a screen of the private area failed, and the layout around it (navigation) stays.
 */
export function ErrorPage({ detail, inLayout = false }: { detail: string; inLayout?: boolean }) {
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
