import { useNavigate } from 'react-router';
import { Button, ErrorScreen } from '@acompanha/ui';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <ErrorScreen
      title="Página não encontrada"
      message="404 — o endereço que você abriu não existe ou foi movido."
      action={<Button onPress={() => navigate('/')}>Ir para o início</Button>}
    />
  );
}
