import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  getPatientQueryKey,
  updatePatientPreferencesMutation,
  type NotificationChannel,
  type Patient,
  handled,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  Form,
  InlineAlert,
  NumberField,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  toastQueue,
} from '@acompanha/ui';

/** 'Preferências': how the client is reached (e-mail or WhatsApp) and when reminders go out. */
export function PreferencesForm({ patient }: { patient: Patient }) {
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<NotificationChannel>(patient.preferences.channel);
  const [reminders, setReminders] = useState(patient.preferences.reminders);
  const [hour, setHour] = useState<number | null>(patient.preferences.reminderHour ?? null);
  const [channelProblem, setChannelProblem] = useState<string | null>(null);

  const save = useMutation({
    ...updatePatientPreferencesMutation(),
    onSuccess: (saved) => {
      queryClient.setQueryData(getPatientQueryKey({ path: { id: patient.id } }), saved);
      toastQueue.add({ tone: 'success', title: 'Preferências salvas.' }, { timeout: 4000 });
    },
    onError: (raw) => {
      if (asApiError(raw).code !== 'NOTIFICATION_CHANNEL_ERROR') return;
      setChannelProblem(
        channel === 'email'
          ? 'Este cliente não tem e-mail cadastrado. Cadastre o e-mail na aba “Dados” ou escolha o WhatsApp.'
          : 'Este cliente não tem telefone cadastrado. Cadastre o telefone na aba “Dados” ou escolha o e-mail.',
      );
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChannelProblem(null);
    save.mutate({
      path: { id: patient.id },
      body: { channel, reminders, reminderHour: hour },
      meta: handled('NOTIFICATION_CHANNEL_ERROR'),
    });
  }

  return (
    <Card title="Preferências de contato">
      <Form onSubmit={onSubmit} aria-label="Preferências de contato">
        <Stack gap={4}>
          <RadioGroup
            label="Canal de envio"
            name="channel"
            value={channel}
            onChange={(v) => {
              setChannel(v as NotificationChannel);
              setChannelProblem(null);
            }}
            isInvalid={!!channelProblem}
            description="Por onde o cliente recebe os questionários e os lembretes."
          >
            <Radio value="email">E-mail</Radio>
            <Radio value="whatsapp">WhatsApp</Radio>
          </RadioGroup>
          {channelProblem ? (
            <InlineAlert tone="danger" title="Não dá para usar este canal">
              {channelProblem}
            </InlineAlert>
          ) : null}
          <Switch
            name="reminders"
            isSelected={reminders}
            onChange={setReminders}
            description="Avisa o cliente quando um questionário está pendente."
          >
            Enviar lembretes
          </Switch>
          <NumberField
            label="Horário dos lembretes"
            name="reminderHour"
            minValue={0}
            maxValue={23}
            value={hour}
            onChange={setHour}
            isDisabled={!reminders}
            unit="h"
            description="Hora de São Paulo, de 0 a 23. Deixe em branco para usar a hora do questionário."
            errorMessage="Hora entre 0 e 23."
          />
          <div>
            <Button type="submit" isPending={save.isPending}>
              Salvar preferências
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
