/**
 * The activation modal in each state of `accountActivationMachine`: the reminder (dismissible), the forced
 * modal of an expired account (no close button, no Escape), the unlock modal of a blocked action, the
 * plan and card form, the wait for the bank (a live region), and the success.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SnapshotFrom, EventFrom } from 'xstate';
import { messageForCode, type ApiError, type PlanId, type SignatureDetail } from '@acompanha/api-client';
import { type accountActivationMachine, trialDaysLeft } from '@acompanha/machines';
import { Button, InlineAlert, Modal, Spinner, Stack, Text } from '@acompanha/ui';
import { useActivation } from '../../lib/activation';
import { formatDateBR, plural } from '../../lib/format';
import { cardFieldErrors } from './card';
import { CardForm } from './CardForm';
import { PlanPicker } from './PlanPicker';

type Snapshot = SnapshotFrom<typeof accountActivationMachine>;
type Send = (event: EventFrom<typeof accountActivationMachine>) => void;

export interface ActivationModalProps {
  state: Snapshot;
  send: Send;
  signature: SignatureDetail | null;
  plan: PlanId;
  onPlanChange: (plan: PlanId) => void;
  /** The last refused attempt, for its field errors. */
  lastError: ApiError | null;
  /** Opened from "Assinar agora" somewhere: straight to the form. */
  isFormFirst?: boolean;
}

const daysText = (n: number) => (n <= 0 ? 'hoje' : `em ${plural(n, 'dia', 'dias')}`);

function reminderTitle(signature: SignatureDetail | null, now: Date): string {
  if (!signature) return 'Assine o Acompanha';
  if (signature.state === 'past_due') return 'Pagamento em atraso';
  if (signature.state === 'trial') {
    const days = trialDaysLeft(signature, now) ?? 0;
    return `Seu período de teste termina ${daysText(days)}`;
  }
  if (signature.state === 'cancelled' && signature.currentPeriodEnd) {
    const days = Math.max(0, Math.ceil((Date.parse(signature.currentPeriodEnd) - now.getTime()) / 86_400_000));
    return `Sua assinatura termina ${daysText(days)}`;
  }
  return 'Assine o Acompanha';
}

export function ActivationModal({ state, send, signature, ...rest }: ActivationModalProps) {
  const isUnlock = state.matches('unlock');
  const isOpen = state.context.showAccountActivationModal || isUnlock;
  const isForced = state.context.forceAccountActivationModal;
  const isBusy = state.matches('submitting') || state.matches('pending') || state.matches('checking');
  const now = new Date(state.context.now);

  let title: string;
  if (isUnlock) title = `${state.context.unlockFeature ?? 'Esta ação'} está disponível para assinantes`;
  else if (state.matches('success')) title = 'Assinatura ativa!';
  else if (isBusy) title = 'Confirmando o pagamento';
  else if (isForced) title = 'Sua conta está expirada';
  else if (rest.isFormFirst) title = 'Assine o Acompanha';
  else title = reminderTitle(signature, now);

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !isForced && !isBusy) send({ type: 'modal.close' });
      }}
      title={title}
      hasCloseButton={!isForced && !isBusy}
      isKeyboardDismissDisabled={isForced || isBusy}
      size="md"
    >
      <ActivationBody
        key={isUnlock ? 'unlock' : 'activation'}
        state={state}
        send={send}
        signature={signature}
        isUnlock={isUnlock}
        {...rest}
      />
    </Modal>
  );
}

function ActivationBody({
  state,
  send,
  signature,
  plan,
  onPlanChange,
  lastError,
  isFormFirst = false,
  isUnlock,
}: ActivationModalProps & { isUnlock: boolean }) {
  const navigate = useNavigate();
  const { openActivation } = useActivation();
  const [isFormShown, setFormShown] = useState(isFormFirst);
  const { errorCode } = state.context;
  const isForced = state.context.forceAccountActivationModal;

  if (isUnlock) {
    return (
      <Stack gap={4}>
        <Text>
          Sua conta está expirada: você continua consultando, imprimindo e exportando seus registros. Para cadastrar e
          enviar de novo, assine um plano.
        </Text>
        <Stack direction="row" gap={2} justify="flex-end" wrap>
          <Button variant="secondary" onPress={() => send({ type: 'modal.close' })}>
            Agora não
          </Button>
          <Button onPress={() => openActivation()}>Assinar agora</Button>
        </Stack>
      </Stack>
    );
  }

  if (state.matches('success')) {
    const end = state.context.subscription?.currentPeriodEnd;
    return (
      <Stack gap={4}>
        <InlineAlert tone="success" title="Pagamento confirmado">
          Sua assinatura está ativa{end ? ` até ${formatDateBR(end)}` : ''}. Obrigado por assinar o Acompanha!
        </InlineAlert>
        <Stack direction="row" justify="flex-end">
          <Button onPress={() => send({ type: 'modal.close' })}>Continuar</Button>
        </Stack>
      </Stack>
    );
  }

  if (state.matches('pending') || state.matches('checking')) {
    return (
      <div role="status" aria-live="polite">
        <Stack direction="row" gap={3} align="center">
          <Spinner label="Aguardando o banco" />
          <Text>Estamos aguardando a confirmação do seu banco… Isso costuma levar alguns segundos.</Text>
        </Stack>
      </div>
    );
  }

  const errorMessage =
    errorCode === null
      ? null
      : lastError && lastError.code === errorCode
        ? lastError.userMessage
        : errorCode === 'PAYMENT_PENDING'
          ? 'O banco ainda não confirmou o pagamento. Confira a situação em Meu perfil › Assinatura em alguns minutos.'
          : messageForCode(errorCode);
  const serverErrors =
    lastError?.code === 'WRONG_COMMAND_PARAMETERS'
      ? cardFieldErrors(lastError.details)
      : lastError?.code === 'INVALID_COUPON'
        ? { coupon: lastError.userMessage }
        : {};

  if (!isFormShown && errorCode === null) {
    const pastDue = signature?.state === 'past_due';
    return (
      <Stack gap={4}>
        {isForced ? (
          <Text>
            Seu período de acesso terminou. Você ainda pode consultar, imprimir e exportar todos os seus registros, mas
            para cadastrar clientes, agendar e enviar questionários é preciso assinar.
          </Text>
        ) : pastDue ? (
          <Text>
            Não conseguimos cobrar sua assinatura no cartão cadastrado.
            {signature?.graceEndsAt
              ? ` Atualize o cartão até ${formatDateBR(signature.graceEndsAt)}`
              : ' Atualize o cartão'}{' '}
            para não perder o acesso.
          </Text>
        ) : (
          <Text>Assine para continuar usando todos os recursos sem interrupção. Seus dados continuam como estão.</Text>
        )}
        <Stack direction="row" gap={2} justify="flex-end" wrap>
          <Button variant="secondary" onPress={() => send({ type: 'modal.close' })}>
            {isForced ? 'Só consultar meus registros' : 'Lembrar depois'}
          </Button>
          {pastDue ? (
            <Button
              onPress={() => {
                send({ type: 'modal.close' });
                navigate('/profile#assinatura');
              }}
            >
              Atualizar cartão
            </Button>
          ) : (
            <Button onPress={() => setFormShown(true)}>Assinar agora</Button>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      {errorMessage ? (
        <InlineAlert tone="danger" title="Não foi possível assinar">
          {errorMessage}
        </InlineAlert>
      ) : null}
      <CardForm
        aria-label="Assinatura"
        submitLabel="Assinar"
        hasCoupon
        serverErrors={serverErrors}
        isPending={state.matches('submitting')}
        secondaryAction={
          <Button variant="secondary" onPress={() => send({ type: 'modal.close' })}>
            {isForced ? 'Só consultar meus registros' : 'Agora não'}
          </Button>
        }
        onSubmit={(values) => send({ type: 'activation.submit', request: { plan, ...values } })}
      >
        <PlanPicker value={plan} onChange={onPlanChange} />
      </CardForm>
    </Stack>
  );
}
