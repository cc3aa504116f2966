import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  getNotificationSettingsOptions,
  handled,
  updateNotificationSettingMutation,
  type NotificationSetting,
} from '@acompanha/api-client';
import {
  Breadcrumb,
  Breadcrumbs,
  Button,
  Card,
  EmptyState,
  InlineAlert,
  Page,
  Spinner,
  Stack,
  Switch,
  Text,
  TimeField,
  toastQueue,
} from '@acompanha/ui';
import { Time } from '@internationalized/date';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { LinkButton } from '../../lib/LinkButton';
import { refreshAfter } from '../../lib/refresh';
import { NOTIFICATIONS_HREF } from '../../app/navigation';
import { NOTIFICATION_SETTINGS_PATH } from './NotificationsPage';

const CHANNELS = [
  { key: 'inApp', label: 'No portal' },
  { key: 'email', label: 'E-mail' },
  { key: 'whatsapp', label: 'WhatsApp' },
] as const;
type Channels = Pick<NotificationSetting, 'inApp' | 'email' | 'whatsapp' | 'quietHours'>;

/** Route loader of both settings screens. */
export async function notificationSettingsLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...getNotificationSettingsOptions(), staleTime: 'static' }));
  return null;
}

/** Saves one type; the caller says what changed, for the toast. */
function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateNotificationSettingMutation(),
    onSuccess: () => refreshAfter(queryClient, 'notificationSettingsChanged'),
  });
}

const bodyOf = (s: Channels) => ({ inApp: s.inApp, email: s.email, whatsapp: s.whatsapp, quietHours: s.quietHours });

const quietLabel = (s: NotificationSetting) =>
  s.quietHours ? `Silêncio das ${s.quietHours.start} às ${s.quietHours.end}` : 'Sem horário de silêncio';

/** `/notifications/settings`: every notification type with its channels, grouped. */
export function NotificationSettingsPage() {
  const settings = useQuery(getNotificationSettingsOptions());
  const save = useSaveSetting();
  const items = settings.data?.items ?? [];
  const groups = [...new Set(items.map((s) => s.groupLabel))];

  const toggle = (s: NotificationSetting, key: (typeof CHANNELS)[number]['key'], on: boolean) =>
    save.mutate(
      { path: { notificationId: s.type }, body: bodyOf({ ...s, [key]: on }) },
      {
        onSuccess: () =>
          toastQueue.add({ tone: 'success', title: `“${s.label}”: preferência salva.` }, { timeout: 3000 }),
      },
    );

  return (
    <Page
      title="Configurar notificações"
      description="Escolha por onde saber de cada acontecimento. E-mails e WhatsApp não trazem dados de saúde dos clientes: só o que aconteceu e o link para o portal."
      actions={<LinkButton href={NOTIFICATIONS_HREF}>Ver notificações</LinkButton>}
    >
      {settings.isPending ? (
        <Spinner label="Carregando preferências" />
      ) : (
        groups.map((group) => (
          <Card key={group} title={group}>
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--space-4)' }}>
              {items
                .filter((s) => s.groupLabel === group)
                .map((s) => (
                  <li key={s.type}>
                    <Stack gap={2}>
                      <Stack gap={1}>
                        <Text as="strong">{s.label}</Text>
                        <Text variant="muted">{s.description}</Text>
                        {s.mandatory ? (
                          <Text variant="small">Aviso obrigatório: sempre enviado no portal e por e-mail.</Text>
                        ) : null}
                      </Stack>
                      <Stack direction="row" gap={4} wrap align="center">
                        {CHANNELS.map((c) => (
                          <Switch
                            key={c.key}
                            aria-label={`${s.label}: ${c.label}`}
                            isSelected={s[c.key]}
                            isDisabled={(s.mandatory && c.key !== 'whatsapp') || save.isPending}
                            onChange={(on) => toggle(s, c.key, on)}
                          >
                            {c.label}
                          </Switch>
                        ))}
                        <LinkButton size="sm" href={`${NOTIFICATION_SETTINGS_PATH}/${s.type}`}>
                          {quietLabel(s)}
                        </LinkButton>
                      </Stack>
                    </Stack>
                  </li>
                ))}
            </ul>
          </Card>
        ))
      )}
    </Page>
  );
}

const toTime = (hhmm: string) => new Time(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const fromTime = (t: Time) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/** `/notifications/settings/:notificationId`: one type's channels and its quiet hours (São Paulo time). */
export function NotificationSettingPage() {
  const { notificationId } = useParams();
  const settings = useQuery(getNotificationSettingsOptions());
  const setting = settings.data?.items.find((s) => s.type === notificationId);
  if (settings.isPending) return <Spinner label="Carregando preferência" />;
  if (!setting) {
    return (
      <Page title="Notificação não encontrada">
        <EmptyState
          title="Não encontramos este tipo de notificação"
          description="O link pode estar incorreto."
          action={<LinkButton href={NOTIFICATION_SETTINGS_PATH}>Voltar às notificações</LinkButton>}
          headingLevel={2}
        />
      </Page>
    );
  }
  return <SettingForm key={setting.type} setting={setting} />;
}

function SettingForm({ setting }: { setting: NotificationSetting }) {
  const [draft, setDraft] = useState<Channels>(setting);
  const [quiet, setQuiet] = useState(!!setting.quietHours);
  const [start, setStart] = useState(setting.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(setting.quietHours?.end ?? '07:00');
  const save = useSaveSetting();
  const sameTime = quiet && start === end;
  const error = save.error ? asApiError(save.error) : null;

  function submit() {
    if (sameTime) return;
    save.mutate(
      {
        path: { notificationId: setting.type },
        body: bodyOf({ ...draft, quietHours: quiet ? { start, end } : null }),
        meta: handled('WRONG_COMMAND_PARAMETERS'),
      },
      { onSuccess: () => toastQueue.add({ tone: 'success', title: 'Preferência salva.' }, { timeout: 4000 }) },
    );
  }

  return (
    <Page title={setting.label} description={setting.description}>
      <Breadcrumbs>
        <Breadcrumb href={NOTIFICATION_SETTINGS_PATH}>Configurar notificações</Breadcrumb>
        <Breadcrumb>{setting.label}</Breadcrumb>
      </Breadcrumbs>
      <Card title="Por onde avisar">
        <Stack gap={3}>
          {CHANNELS.map((c) => (
            <Switch
              key={c.key}
              isSelected={draft[c.key]}
              isDisabled={setting.mandatory && c.key !== 'whatsapp'}
              onChange={(on) => setDraft((d) => ({ ...d, [c.key]: on }))}
            >
              {c.label}
            </Switch>
          ))}
          {setting.mandatory ? (
            <Text variant="small">Avisos de segurança são sempre enviados no portal e por e-mail.</Text>
          ) : null}
        </Stack>
      </Card>
      <Card title="Horário de silêncio">
        <Stack gap={3}>
          <Text variant="muted">
            Nesse intervalo (horário de Brasília) nada chega por e-mail ou WhatsApp; o aviso sai quando ele termina. No
            portal, as notificações aparecem na hora.
          </Text>
          <Switch isSelected={quiet} onChange={setQuiet}>
            Usar horário de silêncio
          </Switch>
          {quiet ? (
            <Stack direction="row" gap={4} wrap>
              <TimeField label="Início" value={toTime(start)} onChange={(t) => t && setStart(fromTime(t))} />
              <TimeField
                label="Fim"
                value={toTime(end)}
                onChange={(t) => t && setEnd(fromTime(t))}
                isInvalid={sameTime}
                errorMessage="O fim precisa ser diferente do início."
              />
            </Stack>
          ) : null}
        </Stack>
      </Card>
      {error ? <InlineAlert tone="danger" title={error.userMessage} /> : null}
      <Stack direction="row" gap={2} justify="end">
        <LinkButton href={NOTIFICATION_SETTINGS_PATH}>Voltar</LinkButton>
        <Button onPress={submit} isPending={save.isPending} isDisabled={sameTime}>
          Salvar preferência
        </Button>
      </Stack>
    </Page>
  );
}
