/** The subscription's own changes: swap the card, cancel with a reason, refund within the 7-day right. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  cancelSignatureMutation,
  refundSignatureMutation,
  updateSignatureCreditCard,
  type ApiError,
  type SignatureDetail,
} from '@acompanha/api-client';
import { Button, Form, InlineAlert, Modal, Stack, Text, TextArea, toastQueue } from '@acompanha/ui';
import { formatBRL, formatDateBR } from '../../lib/format';
import { cardFieldErrors } from './card';
import { CardForm, type CardFormValues } from './CardForm';
import { CARD_FORM_META, refreshSubscription } from './queries';
import { useIdempotencyKey } from './useIdempotencyKey';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  signature: SignatureDetail;
}

const done = (title: string) => toastQueue.add({ tone: 'success', title }, { timeout: 5000 });

export function SwapCardDialog({ isOpen, onClose, signature }: DialogProps) {
  const pastDue = signature.state === 'past_due';
  const [refusedAfterSwap, setRefusedAfterSwap] = useState(false);
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  const [error, setError] = useState<ApiError | null>(null);
  // Called directly, not through useMutation: the mutation cache would keep the card number in its variables.
  const [isPending, setPending] = useState(false);
  async function send(body: Pick<CardFormValues, 'card' | 'holder'>) {
    setError(null);
    setRefusedAfterSwap(false);
    setPending(true);
    try {
      const { data: after } = await updateSignatureCreditCard({
        body,
        headers: { 'idempotency-key': key.current() },
        meta: CARD_FORM_META,
        throwOnError: true,
      });
      key.settle();
      await refreshSubscription(queryClient);
      if (pastDue && after.state === 'past_due') {
        // The card was swapped, but the open charge was refused on it too: the dialog stays for another card.
        setRefusedAfterSwap(true);
        return;
      }
      done(pastDue ? 'Cartão atualizado e mensalidade paga.' : 'Cartão atualizado.');
      onClose();
    } catch (raw) {
      key.settle(raw);
      setError(asApiError(raw));
    } finally {
      setPending(false);
    }
  }
  const serverErrors = error?.code === 'WRONG_COMMAND_PARAMETERS' ? cardFieldErrors(error.details) : {};
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && !isPending && onClose()} title="Trocar cartão">
      <Stack gap={4}>
        <Text>
          {pastDue
            ? 'A mensalidade em aberto será cobrada no novo cartão assim que você confirmar, e ele será usado nas próximas cobranças.'
            : 'O novo cartão será usado nas próximas cobranças. Nada é cobrado agora.'}
        </Text>
        {refusedAfterSwap ? (
          <InlineAlert tone="danger" title="Mensalidade recusada">
            O cartão foi trocado, mas a mensalidade em aberto foi recusada nele. Tente outro cartão.
          </InlineAlert>
        ) : null}
        {error && error.code !== 'WRONG_COMMAND_PARAMETERS' ? (
          <InlineAlert tone="danger" title="Não foi possível trocar o cartão">
            {error.userMessage}
          </InlineAlert>
        ) : null}
        <CardForm
          aria-label="Novo cartão"
          submitLabel="Trocar cartão"
          serverErrors={serverErrors}
          isPending={isPending}
          secondaryAction={
            <Button variant="secondary" onPress={onClose} isDisabled={isPending}>
              Voltar
            </Button>
          }
          onSubmit={({ card, holder }) => void send({ card, holder })}
        />
      </Stack>
    </Modal>
  );
}

export function CancelDialog({ isOpen, onClose, signature }: DialogProps) {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    ...cancelSignatureMutation(),
    onSettled: (_data, raw) => key.settle(raw ?? undefined),
    onSuccess: async () => {
      await refreshSubscription(queryClient);
      done('Assinatura cancelada.');
      onClose();
    },
  });
  const end = signature.currentPeriodEnd ? formatDateBR(signature.currentPeriodEnd) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    cancel.mutate({ body: { reason: reason.trim() }, headers: { 'idempotency-key': key.current() } });
  }

  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && !cancel.isPending && onClose()} title="Cancelar assinatura">
      <Form onSubmit={submit} aria-label="Cancelar assinatura">
        <Text>
          {end
            ? `Seu acesso continua até ${end}, o fim do período já pago, `
            : 'Seu acesso continua até o fim do período já pago, '}
          e não haverá novas cobranças. Depois disso, a conta fica só para consulta: você poderá ver, imprimir e
          exportar seus registros.
        </Text>
        <TextArea
          label="Por que você está cancelando?"
          name="reason"
          isRequired
          maxLength={500}
          value={reason}
          onChange={setReason}
          errorMessage="Conte o motivo do cancelamento."
        />
        <Stack direction="row" gap={2} justify="flex-end" wrap>
          <Button variant="secondary" onPress={onClose} isDisabled={cancel.isPending}>
            Manter assinatura
          </Button>
          <Button type="submit" variant="danger" isPending={cancel.isPending}>
            Cancelar assinatura
          </Button>
        </Stack>
      </Form>
    </Modal>
  );
}

export function RefundDialog({
  isOpen,
  onClose,
  signature,
  amountCents,
}: DialogProps & { amountCents: number | null }) {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  const refund = useMutation({
    ...refundSignatureMutation(),
    onSettled: (_data, raw) => key.settle(raw ?? undefined),
    onSuccess: async () => {
      await refreshSubscription(queryClient);
      done('Reembolso solicitado.');
      onClose();
    },
  });
  const until = signature.refundAllowedUntil ? formatDateBR(signature.refundAllowedUntil) : null;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !refund.isPending && onClose()}
      title="Pedir reembolso"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={refund.isPending}>
            Voltar
          </Button>
          <Button
            variant="danger"
            isPending={refund.isPending}
            onPress={() => refund.mutate({ headers: { 'idempotency-key': key.current() } })}
          >
            {amountCents ? `Reembolsar ${formatBRL(amountCents)}` : 'Reembolsar'}
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        <Text>
          Pelo direito de arrependimento (Código de Defesa do Consumidor, art. 49), você pode desistir da assinatura em
          até 7 dias após a primeira cobrança{until ? `, ou seja, até ${until}` : ''}, e receber o valor pago de volta
          no cartão.
        </Text>
        <Text>
          Ao reembolsar, a assinatura termina agora: a conta fica só para consulta (ver, imprimir e exportar seus
          registros) até você assinar de novo.
        </Text>
      </Stack>
    </Modal>
  );
}
