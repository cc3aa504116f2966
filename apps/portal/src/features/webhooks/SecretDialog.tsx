import { useState } from 'react';
import { Button, InlineAlert, Modal, Stack, Text, toastQueue } from '@acompanha/ui';
import { copyText } from '../../lib/clipboard';

export interface ShownSecret {
  /** Created now, or rotated. */
  kind: 'created' | 'rotated';
  url: string;
  secret: string;
}

/**
 * The signing secret, the one time the API gives it (after creating the endpoint, or rotating its secret),
 * with a copy button. Closing it forgets the secret.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (!shown) return;
    if (await copyText(shown.secret)) {
      setCopied(true);
      toastQueue.add({ tone: 'success', title: 'Segredo copiado.' }, { timeout: 4000 });
    } else {
      toastQueue.add({ tone: 'info', title: 'Selecione o segredo e copie manualmente.' });
    }
  }

  return (
    <Modal
      isOpen={!!shown}
      onOpenChange={(open) => !open && close()}
      // The secret is never shown again: only "Já guardei o segredo" closes it (no Esc, no click outside).
      isKeyboardDismissDisabled
      hasCloseButton={false}
      title={shown?.kind === 'rotated' ? 'Novo segredo de assinatura' : 'Webhook criado: guarde o segredo'}
      footer={<Button onPress={close}>Já guardei o segredo</Button>}
    >
      {shown ? (
        <Stack gap={4}>
          <Text>
            Segredo de assinatura de <strong css={{ overflowWrap: 'anywhere' }}>{shown.url}</strong>. Seu sistema usa
            esse segredo para conferir o cabeçalho <code>webhook-signature</code> de cada envio (Standard Webhooks).
          </Text>
          <InlineAlert tone="warning" title="Copie e guarde este segredo agora.">
            Ele não será mostrado de novo. Se perdê-lo, rotacione o segredo para gerar outro.
          </InlineAlert>
          {shown.kind === 'rotated' ? (
            <Text variant="small">
              O segredo anterior continua assinando os envios por 24 horas, junto com este: troque-o no seu sistema
              nesse prazo.
            </Text>
          ) : null}
          <Stack gap={1}>
            <Text as="span" variant="small">
              Segredo
            </Text>
            <Stack direction="row" gap={2} align="center" wrap>
              <code
                css={{
                  flex: '1 1 16rem',
                  minWidth: 0,
                  padding: 'var(--space-2) var(--space-3)',
                  border: '1px solid var(--color-border)',
                  borderRadius: 'var(--radius-md)',
                  background: 'var(--color-surface-muted)',
                  fontFamily: 'var(--font-mono)',
                  fontSize: 'var(--font-size-sm)',
                  overflowWrap: 'anywhere',
                  userSelect: 'all',
                }}
              >
                {shown.secret}
              </code>
              <Button variant="secondary" onPress={() => void copy()}>
                {copied ? 'Copiado' : 'Copiar'}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
