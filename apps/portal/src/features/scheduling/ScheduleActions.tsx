import { useState } from 'react';
import { useActivation } from '../../lib/activation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelAnswerRequestMutation,
  deleteQuizScheduleMutation,
  disableQuizScheduleMutation,
  enableQuizScheduleMutation,
  republishAnswerRequestsMutation,
  requestQuizNowMutation,
  type QuizSchedule,
} from '@acompanha/api-client';
import { Button, Menu, Modal, Text, toastQueue, type MenuItemSpec } from '@acompanha/ui';
import { ScheduleQuizDialog } from './ScheduleQuizDialog';
import { refreshAfter } from '../../lib/refresh';
import { copyText } from '../../lib/clipboard';

/** Copies a schedule's survey link and says so. */
export async function copyScheduleLink(schedule: Pick<QuizSchedule, 'link'>) {
  if (await copyText(schedule.link)) toastQueue.add({ tone: 'success', title: 'Link copiado.' }, { timeout: 4000 });
  else toastQueue.add({ tone: 'info', title: 'Copie o link manualmente', description: schedule.link });
}

/** The request that can still be cancelled: waiting to be sent, or sent and not answered. */
export function pendingRequest(schedule: QuizSchedule) {
  const last = schedule.lastRequest;
  return last && (last.status === 'scheduled' || last.status === 'sent') ? last : null;
}

/** The schedule mutations, each refreshing every schedule list and saying what happened. */
export function useScheduleMutations() {
  const queryClient = useQueryClient();
  const done = (title: string) => async () => {
    await refreshAfter(queryClient, 'scheduleChanged');
    toastQueue.add({ tone: 'success', title }, { timeout: 5000 });
  };
  return {
    requestNow: useMutation({
      ...requestQuizNowMutation(),
      onSuccess: done('Envio solicitado. O cliente recebe o link e um novo PIN em instantes.'),
    }),
    enable: useMutation({ ...enableQuizScheduleMutation(), onSuccess: done('Agendamento ativado.') }),
    disable: useMutation({
      ...disableQuizScheduleMutation(),
      onSuccess: done('Agendamento desativado. Nenhum envio será feito até você ativá-lo.'),
    }),
    cancel: useMutation({ ...cancelAnswerRequestMutation(), onSuccess: done('Solicitação cancelada.') }),
    remove: useMutation({ ...deleteQuizScheduleMutation(), onSuccess: done('Agendamento excluído.') }),
    resend: useMutation({
      ...republishAnswerRequestsMutation(),
      onSuccess: async (result) => {
        await refreshAfter(queryClient, 'scheduleChanged');
        if (result.resent > 0)
          toastQueue.add({ tone: 'success', title: 'Reenviado com um novo PIN.' }, { timeout: 5000 });
        else if (result.details[0]) toastQueue.add({ tone: 'error', title: result.details[0].message });
      },
    }),
  };
}

type Confirm = 'cancel' | 'delete' | 'disable' | null;

export interface ScheduleActionsProps {
  schedule: QuizSchedule;
  /** What the trigger's accessible name names (the quiz on a profile, the patient on a quiz's links). */
  subject: string;
}

/**
 * The "⋯" menu of one schedule: copy link, resend, request now, reschedule, enable/disable, cancel
 * the pending request, delete — with a confirmation where something is lost.
 */
/** The actions an expired account may not take, named for the unlock modal. */
const SENDS: Record<string, string> = {
  resend: 'Reenviar questionário',
  now: 'Solicitar agora',
  reschedule: 'Reagendar questionário',
  enable: 'Ativar agendamento',
};

export function ScheduleActions({ schedule, subject }: ScheduleActionsProps) {
  const { blocked } = useActivation();
  const m = useScheduleMutations();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [isRescheduling, setRescheduling] = useState(false);
  const pending = pendingRequest(schedule);

  const items: MenuItemSpec[] = [
    { id: 'copy', label: 'Copiar link' },
    ...(schedule.lastRequest?.status === 'sent' ? [{ id: 'resend', label: 'Reenviar' }] : []),
    { id: 'now', label: 'Solicitar agora', isDisabled: !schedule.enabled },
    { id: 'reschedule', label: 'Reagendar' },
    schedule.enabled ? { id: 'disable', label: 'Desativar' } : { id: 'enable', label: 'Ativar' },
    ...(pending ? [{ id: 'cancel', label: 'Cancelar solicitação pendente' }] : []),
    { id: 'delete', label: 'Excluir agendamento', isDanger: true },
  ];

  const onAction = (id: string) => {
    if (id === 'copy') void copyScheduleLink(schedule);
    const feature = SENDS[id];
    if (feature && blocked(feature)) return;
    if (id === 'resend' && schedule.lastRequest)
      m.resend.mutate({ body: { schedules: [{ scheduleId: schedule.lastRequest.id }] } });
    if (id === 'now') m.requestNow.mutate({ body: { quizScheduleId: schedule.id } });
    if (id === 'reschedule') setRescheduling(true);
    if (id === 'enable') m.enable.mutate({ path: { id: schedule.id } });
    if (id === 'disable' || id === 'cancel' || id === 'delete') setConfirm(id);
  };
  const close = () => setConfirm(null);

  const dialog = {
    disable: {
      title: 'Desativar agendamento?',
      body: `Os envios futuros de “${schedule.quizTitle}” para ${schedule.patientName} param até você ativar de novo. O link e as respostas continuam guardados.`,
      action: 'Desativar',
      isPending: m.disable.isPending,
      run: () => m.disable.mutate({ path: { id: schedule.id } }, { onSuccess: close }),
    },
    cancel: {
      title: 'Cancelar solicitação pendente?',
      body:
        pending?.status === 'sent'
          ? `A solicitação enviada a ${schedule.patientName} deixa de aceitar respostas. Os próximos envios continuam agendados.`
          : `O envio agendado para ${schedule.patientName} não será feito. Os próximos envios continuam agendados.`,
      action: 'Cancelar solicitação',
      isPending: m.cancel.isPending,
      run: () => pending && m.cancel.mutate({ body: { scheduleId: pending.id } }, { onSuccess: close }),
    },
    delete: {
      title: 'Excluir agendamento?',
      body: `“${schedule.quizTitle}” deixa de ser enviado a ${schedule.patientName} e o link para de funcionar. As respostas já recebidas continuam guardadas.`,
      action: 'Excluir',
      isPending: m.remove.isPending,
      run: () =>
        m.remove.mutate({ path: { quizScheduleId: schedule.id, patientId: schedule.patientId } }, { onSuccess: close }),
    },
  } as const;
  const open = confirm ? dialog[confirm] : null;

  return (
    <>
      <Menu
        label={`Ações de ${subject}`}
        trigger={<span aria-hidden="true">⋯</span>}
        items={items}
        onAction={onAction}
      />
      <Modal
        isOpen={!!open}
        onOpenChange={(o) => !o && close()}
        title={open?.title ?? ''}
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={close}>
              Voltar
            </Button>
            <Button
              variant={confirm === 'delete' ? 'danger' : 'primary'}
              isPending={open?.isPending}
              onPress={() => open?.run()}
            >
              {open?.action}
            </Button>
          </>
        }
      >
        <Text>{open?.body}</Text>
      </Modal>
      <ScheduleQuizDialog isOpen={isRescheduling} onClose={() => setRescheduling(false)} schedule={schedule} />
    </>
  );
}
