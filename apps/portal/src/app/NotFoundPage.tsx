import { useNavigate } from 'react-router';
import { Button, ErrorScreen, PublicLayout } from '@acompanha/ui';
import { usePersisted } from './store';
import { PrivateLayout } from './PrivateLayout';

/** The 404 itself: what happened and the way back, inside whichever layout frames it. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <ErrorScreen
      as="div"
      title="Página não encontrada"
      message="404 — o endereço que você abriu não existe ou foi movido."
      action={<Button onPress={() => navigate('/')}>Ir para o início</Button>}
    />
  );
}

/**
 * An unknown address: signed in, the 404 sits in the private layout with its navigation (one shared
 * layout with an error page); otherwise in the public layout.
 */
export function NotFoundRoute() {
  const signedIn = usePersisted((s) => !!s.session.jwt);
  return signedIn ? (
    <PrivateLayout>
      <NotFoundPage />
    </PrivateLayout>
  ) : (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}
