import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page, Stack } from '@acompanha/ui';
import { CampaignProgress, PreviousSends } from './CampaignProgress';
import type { ChosenClient } from './AudienceFields';
import { Composer } from './Composer';

export const MESSAGING_PATH = '/clients/messaging';

/** What another screen passes in the route's state: the clients to write to. */
export interface MessagingState {
  recipients?: ChosenClient[];
}

/**
 * `/clients/messaging`: compose a message to clients (a selection, or everyone matching the client filters)
 * by e-mail or WhatsApp, now or later; `?envio=<id>` is one send's progress. Her previous sends are below.
 */
export function MessagingPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const sendId = params.get('envio');
  const chosen = (location.state as MessagingState | null)?.recipients ?? [];
  const open = (id: string) => navigate(`${MESSAGING_PATH}?envio=${id}`);

  return (
    <Page
      title="Mensagens"
      description="Escreva para os seus clientes por e-mail ou WhatsApp e acompanhe a entrega."
      width="lg"
    >
      {sendId ? (
        <CampaignProgress key={sendId} id={sendId} onBack={() => navigate(MESSAGING_PATH)} />
      ) : (
        <Stack gap={5}>
          <Composer key={chosen.map((c) => c.id).join(',')} chosen={chosen} onSent={(c) => open(c.id)} />
          <PreviousSends onOpen={open} />
        </Stack>
      )}
    </Page>
  );
}
