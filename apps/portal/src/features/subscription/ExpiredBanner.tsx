import { Button, InlineAlert, Stack } from '@acompanha/ui';
import { useActivation } from '../../lib/activation';

/** The read-only reminder above every page of an expired account. */
export function ExpiredBanner() {
  const { isAccountExpired, openActivation } = useActivation();
  if (!isAccountExpired) return null;
  return (
    <div css={{ marginBottom: 'var(--space-2)' }}>
      <InlineAlert tone="warning">
        <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
          <span>
            Sua conta está expirada: você pode consultar, imprimir e exportar seus registros. Assine para voltar a
            cadastrar e enviar.
          </span>
          <Button size="sm" onPress={() => openActivation()}>
            Assinar agora
          </Button>
        </Stack>
      </InlineAlert>
    </div>
  );
}
