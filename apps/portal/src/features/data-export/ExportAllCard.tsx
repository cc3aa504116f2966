import { useState } from 'react';
import { Button, Card, Stack, Text } from '@acompanha/ui';
import { ExportDataDialog } from './ExportDataDialog';

/**
 * "Exportar tudo" on `/profile`: every client's record in one archive (portability, also while the subscription is
 * expired: exporting is reading, never refused).
 */
export function ExportAllCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card
      title="Seus dados"
      description="Leve uma cópia de todos os seus registros quando quiser, mesmo com a assinatura vencida."
    >
      <Stack gap={3}>
        <Text>
          Um arquivo .zip com uma pasta por cliente: resumo para imprimir, dados cadastrais, respostas, anotações,
          vendas, agendamentos, mensagens, arquivos e acessos. Você recebe um e-mail quando ficar pronto.
        </Text>
        <div>
          <Button variant="secondary" onPress={() => setOpen(true)}>
            Exportar tudo
          </Button>
        </div>
      </Stack>
      <ExportDataDialog scope={{ kind: 'all' }} isOpen={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
