import { deletePatientsLimits } from '@acompanha/api-client';
import { useEffect, useState } from 'react';
import { Button, InlineAlert, Modal, Stack, Text, TextArea } from '@acompanha/ui';

export type BulkMode = 'inactivate' | 'delete';

export interface BulkActionModalProps {
  /** The action being confirmed; `null` closes the modal. */
  mode: BulkMode | null;
  /** How many clients are selected. */
  count: number;
  isPending: boolean;
  onCancel: () => void;
  /** The reason is only asked (and required) for deletion. */
  onConfirm: (reason: string) => void;
}

/** Confirms inactivating or deleting the selected clients; deletion asks why (LGPD anonymisation). */
export function BulkActionModal({ mode, count, isPending, onCancel, onConfirm }: BulkActionModalProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (mode) {
      setReason('');
      setTouched(false);
    }
  }, [mode]);

  const who = count === 1 ? '1 cliente' : `${count} clientes`;
  const isDelete = mode === 'delete';
  const reasonError = reason.trim().length < 3 ? 'Informe o motivo (pelo menos 3 caracteres).' : undefined;

  return (
    <Modal
      isOpen={mode !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={isDelete ? `Excluir ${who}?` : `Inativar ${who}?`}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancelar
          </Button>
          <Button
            variant={isDelete ? 'danger' : 'primary'}
            isPending={isPending}
            onPress={() => {
              setTouched(true);
              if (isDelete && reasonError) return;
              onConfirm(reason.trim());
            }}
          >
            {isDelete ? 'Excluir' : 'Inativar'}
          </Button>
        </>
      }
    >
      {isDelete ? (
        <Stack gap={4}>
          <InlineAlert tone="warning" title="A exclusão não pode ser desfeita">
            Os dados pessoais serão apagados e só os números agregados ficam. É assim que a LGPD pede: nome, contato e
            documento somem, e vendas e totais continuam nos seus relatórios.
          </InlineAlert>
          <TextArea
            label="Motivo da exclusão"
            maxLength={deletePatientsLimits.reason.maxLength}
            isRequired
            value={reason}
            onChange={setReason}
            onBlur={() => setTouched(true)}
            isInvalid={touched && !!reasonError}
            errorMessage={reasonError}
            description="Fica guardado para a sua segurança, sem dados do cliente."
          />
        </Stack>
      ) : (
        <Text>
          {count === 1 ? 'O cliente deixa' : 'Os clientes deixam'} de receber questionários, mas todos os dados e o
          histórico continuam guardados. Você pode reativar depois, no perfil do cliente.
        </Text>
      )}
    </Modal>
  );
}
