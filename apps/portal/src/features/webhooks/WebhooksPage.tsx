import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  listPublicEventsOptions,
  listWebhooksOptions,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  EmptyState,
  IconPlus,
  IconWebhook,
  InlineAlert,
  Link,
  Page,
  Spinner,
  Stack,
  Text,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { LinkButton } from '../../lib/LinkButton';
import { DeliveryLog } from './DeliveryLog';
import { EndpointCard, logHref } from './EndpointCard';
import { WEBHOOKS_HREF } from '../../app/navigation';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { WebhookForm } from './WebhookForm';

/** Route loader: the endpoints and the event catalogue (the form and the counts need both). */
export async function webhooksLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () =>
    Promise.all([
      appQueryClient.query({ ...listWebhooksOptions(), staleTime: 'static' }),
      appQueryClient.query({ ...listPublicEventsOptions(), staleTime: 'static' }),
    ]),
  );
  return null;
}

/** Opening or closing a log (`?endpoint=`) changes only the search: nothing to load again. */
export function shouldRevalidateWebhooks({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/** `/webhook`: the professional's webhook endpoints, their secrets, test events and delivery logs. */
export function WebhooksPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const endpoints = useQuery(listWebhooksOptions());
  const catalogue = useQuery(listPublicEventsOptions());
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const items = endpoints.data ?? [];
  const selectedId = params.get('endpoint');
  const selected = selectedId ? items.find((e) => e.id === selectedId) : undefined;
  const focusLog = !!(location.state as { focusLog?: boolean } | null)?.focusLog;
  const openLog = (id: string) => {
    if (id !== selectedId) navigate(logHref(id), { state: { quiet: true }, preventScrollReset: true });
  };
  const closeLogOf = (id: string) => {
    if (id === selectedId) navigate(WEBHOOKS_HREF, { replace: true, state: { quiet: true } });
  };
  const onCreated = (created: WebhookEndpointWithSecret) => {
    setEditing(null);
    setSecret({ kind: 'created', url: created.url, secret: created.secret });
  };

  const newButton = (
    <Button onPress={() => setEditing('new')} isDisabled={!catalogue.data}>
      <IconPlus size={18} /> Novo webhook
    </Button>
  );

  return (
    <Page
      title="Webhooks"
      width="lg"
      description="Os eventos do consultório (clientes, envios, respostas, revisões, vendas) enviados na hora, assinados, para os seus sistemas, no padrão Standard Webhooks."
      actions={items.length > 0 ? newButton : undefined}
    >
      <Text variant="small">
        Cada envio leva os cabeçalhos <code>webhook-id</code>, <code>webhook-timestamp</code> e{' '}
        <code>webhook-signature</code>. Para conferir a assinatura, use o segredo do webhook com uma biblioteca do
        Standard Webhooks (há para Node, Python, PHP, Go e outras). Seu sistema deve responder 2xx em até 15 segundos;
        se não responder, fazemos até 7 novas tentativas, ao longo de cerca de um dia. O formato de cada evento e toda a
        API estão na {/* Another page of this server, not a portal route: a new tab, outside the router. */}
        <Link href="/api/docs" target="_blank" rel="noopener">
          referência da API
        </Link>
        .
      </Text>
      {endpoints.isPending || catalogue.isPending ? (
        <Spinner label="Carregando webhooks" />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<IconWebhook size={28} />}
            title="Nenhum webhook ainda"
            description="Cadastre o endereço do seu sistema (um CRM, um prontuário, uma automação) e escolha os eventos que ele recebe."
            action={newButton}
            headingLevel={2}
          />
        </Card>
      ) : (
        <Stack gap={4} as="section" aria-label="Seus webhooks">
          {items.map((e) => (
            <EndpointCard
              key={e.id}
              endpoint={e}
              isLogOpen={e.id === selectedId}
              onEdit={() => setEditing(e)}
              onTestQueued={() => openLog(e.id)}
              onDeleted={() => closeLogOf(e.id)}
            />
          ))}
        </Stack>
      )}
      {selectedId && !endpoints.isPending ? (
        selected ? (
          <Card>
            <DeliveryLog key={selected.id} endpoint={selected} focusOnMount={focusLog} />
          </Card>
        ) : (
          <InlineAlert tone="warning" title="Este webhook não existe mais.">
            <LinkButton size="sm" href={WEBHOOKS_HREF} css={{ marginTop: 'var(--space-2)' }}>
              Ver todos os webhooks
            </LinkButton>
          </InlineAlert>
        )
      ) : null}
      {editing && catalogue.data ? (
        <WebhookForm
          endpoint={editing === 'new' ? null : editing}
          catalogue={catalogue.data}
          onClose={() => setEditing(null)}
          onCreated={onCreated}
        />
      ) : null}
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Page>
  );
}
