import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listNotificationsOptions,
  markAllNotificationsAsReadMutation,
  updateNotificationMutation,
  type Notification,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  EmptyState,
  Link,
  Page,
  Pagination,
  Spinner,
  Stack,
  Switch,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  toastQueue,
  VisuallyHidden,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatDateTimeBR, formatSinceBR } from '../../lib/format';
import { refreshAfter } from '../../lib/refresh';
import { LinkButton } from '../../lib/LinkButton';

export const NOTIFICATION_SETTINGS_PATH = '/notifications/settings';
const PAGE_SIZE = 20;

type Box = 'inbox' | 'archived';
const queryOf = (box: Box, unreadOnly: boolean, skip: number) => ({
  query: {
    take: PAGE_SIZE,
    skip,
    ...(box === 'archived' ? { archived: 'true' as const } : {}),
    ...(unreadOnly ? { unreadOnly: 'true' as const } : {}),
  },
});

/** Route loader: the centre opens with its first page. */
export async function notificationsLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () =>
    appQueryClient.query({ ...listNotificationsOptions(queryOf('inbox', false, 0)), staleTime: 'static' }),
  );
  return null;
}

/** `/notifications/managing`: what happened in the practice, newest first; each opens its screen. */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const [box, setBox] = useState<Box>('inbox');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [skip, setSkip] = useState(0);
  const list = useQuery({
    ...listNotificationsOptions(queryOf(box, unreadOnly, skip)),
    placeholderData: keepPreviousData,
  });
  const readAll = useMutation({
    ...markAllNotificationsAsReadMutation(),
    onSuccess: async ({ updated }) => {
      await refreshAfter(queryClient, 'notificationsChanged');
      toastQueue.add(
        {
          tone: 'success',
          title: updated === 1 ? '1 notificação marcada como lida.' : `${updated} notificações marcadas como lidas.`,
        },
        { timeout: 4000 },
      );
    },
  });
  const items = list.data?.items ?? [];
  const unread = list.data?.unread ?? 0;

  return (
    <Page
      title="Notificações"
      description="O que aconteceu no consultório: respostas, atrasos, falhas de envio e avisos da sua conta."
      actions={
        <>
          <LinkButton href={NOTIFICATION_SETTINGS_PATH}>Configurar notificações</LinkButton>
          <Button onPress={() => readAll.mutate({})} isDisabled={unread === 0} isPending={readAll.isPending}>
            Marcar todas como lidas
          </Button>
        </>
      }
    >
      <Tabs
        selectedKey={box}
        onSelectionChange={(key) => {
          setBox(key as Box);
          setSkip(0);
        }}
      >
        <Stack direction="row" gap={4} align="center" wrap justify="space-between">
          <TabList aria-label="Caixas de notificações">
            <Tab id="inbox">Caixa de entrada</Tab>
            <Tab id="archived">Arquivadas</Tab>
          </TabList>
          <Switch
            isSelected={unreadOnly}
            onChange={(on) => {
              setUnreadOnly(on);
              setSkip(0);
            }}
          >
            Mostrar apenas não lidas
          </Switch>
        </Stack>
        {(['inbox', 'archived'] as const).map((id) => (
          <TabPanel key={id} id={id}>
            <Stack gap={4}>
              {list.isPending ? (
                <Spinner label="Carregando notificações" />
              ) : items.length === 0 ? (
                <EmptyState
                  title={
                    unreadOnly
                      ? 'Nenhuma notificação não lida'
                      : box === 'archived'
                        ? 'Nenhuma notificação arquivada'
                        : 'Nenhuma notificação por enquanto'
                  }
                  description={
                    box === 'inbox' && !unreadOnly
                      ? 'Quando um cliente responder, um envio falhar ou uma resposta atrasar, você verá aqui.'
                      : undefined
                  }
                  headingLevel={2}
                />
              ) : (
                <Card>
                  <ul aria-label="Notificações" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {items.map((n) => (
                      <NotificationItem key={n.id} notification={n} />
                    ))}
                  </ul>
                </Card>
              )}
              {(list.data?.total ?? 0) > PAGE_SIZE ? (
                <Pagination
                  take={PAGE_SIZE}
                  skip={skip}
                  total={list.data!.total}
                  onChange={setSkip}
                  isDisabled={list.isFetching}
                />
              ) : null}
            </Stack>
          </TabPanel>
        ))}
      </Tabs>
    </Page>
  );
}

function NotificationItem({ notification: n }: { notification: Notification }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation({
    ...updateNotificationMutation(),
    onSuccess: () => refreshAfter(queryClient, 'notificationsChanged'),
  });
  const set = (body: { isMarkedAsRead?: boolean; isMarkedAsArchived?: boolean }, onSuccess?: () => void) =>
    update.mutate({ path: { id: n.id }, body }, { onSuccess });
  const open = async () => {
    // A failed mark still opens the screen (the central handler has said what failed).
    if (!n.isMarkedAsRead)
      await update.mutateAsync({ path: { id: n.id }, body: { isMarkedAsRead: true } }).catch(() => {});
    navigate(n.link);
  };

  return (
    <li
      data-unread={String(!n.isMarkedAsRead)}
      css={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        gap: 'var(--space-3)',
        padding: 'var(--space-3) 0',
        borderBottom: '1px solid var(--color-border)',
        '&:last-of-type': { borderBottom: 'none' },
      }}
    >
      <span
        aria-hidden="true"
        css={{
          width: 10,
          height: 10,
          marginTop: 6,
          borderRadius: '50%',
          background: n.isMarkedAsRead ? 'transparent' : 'var(--color-action-bg)',
        }}
      />
      <Stack gap={1}>
        <Link onPress={() => void open()}>
          <span css={{ fontWeight: n.isMarkedAsRead ? 400 : 700 }}>{n.title}</span>
          {n.isMarkedAsRead ? null : <VisuallyHidden> (não lida)</VisuallyHidden>}
        </Link>
        <Text>{n.body}</Text>
        <Text as="span" variant="small">
          <time dateTime={n.createdAt} title={formatDateTimeBR(n.createdAt)}>
            {formatSinceBR(n.createdAt)}
          </time>
        </Text>
        <Stack direction="row" gap={2} wrap>
          <Button size="sm" variant="secondary" onPress={() => set({ isMarkedAsRead: !n.isMarkedAsRead })}>
            {n.isMarkedAsRead ? 'Marcar como não lida' : 'Marcar como lida'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onPress={() =>
              set({ isMarkedAsArchived: !n.isMarkedAsArchived }, () =>
                toastQueue.add(
                  {
                    tone: 'success',
                    title: n.isMarkedAsArchived ? 'Notificação desarquivada.' : 'Notificação arquivada.',
                  },
                  { timeout: 4000 },
                ),
              )
            }
          >
            {n.isMarkedAsArchived ? 'Desarquivar' : 'Arquivar'}
          </Button>
        </Stack>
      </Stack>
    </li>
  );
}
