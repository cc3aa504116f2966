import { delay, http, HttpResponse } from 'msw';
import type {
  CampaignRecipient,
  ChatMessagePage,
  ComposeMessageData,
  MessageCampaign,
  MessagePreview,
  WhatsAppTemplate,
} from '../gen/types.gen';
import { professionalFixture } from './fixtures';
import { practicePatientFixture } from './practice-fixtures';
import { api, fail, pageOf } from './respond';

/**
 * Fixtures and handlers of the messaging screen (`/clients/messaging`) and of a client's message thread. The
 * handlers keep a small in-memory state: a composed send is queued, and each read of its progress moves the
 * queued messages on (sent), so a story sees the progress view poll and settle; a retried failure goes back to
 * the queue and is sent on the next read.
 */

export const whatsAppTemplateFixtures: WhatsAppTemplate[] = [
  {
    name: 'acompanha_mensagem',
    label: 'Mensagem do profissional',
    body: 'Olá, {{1}}! {{2}} enviou uma mensagem para você: {{3}}',
    takesText: true,
  },
  {
    name: 'acompanha_retorno',
    label: 'Como você está?',
    body: 'Olá, {{1}}! {{2}} quer saber como você está. Responda esta mensagem para conversar.',
    takesText: false,
  },
  {
    name: 'acompanha_lembrete_consulta',
    label: 'Lembrete de consulta',
    body: 'Olá, {{1}}! Lembrete de {{2}}: sua consulta está chegando. Responda esta mensagem se precisar remarcar.',
    takesText: false,
  },
];

/** The clients a filtered send reaches in the mocks, in the order the API lists them. */
export const messagingPeopleFixture = [
  { id: '7a8b9c0d-0000-4a00-8000-000000000001', name: 'Ana Beatriz Lima', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000002', name: 'Bruno Carvalho', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000003', name: 'Camila Rocha', channel: 'email' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000004', name: 'Daniel Nogueira', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000005', name: 'Eduarda Martins', channel: null },
  { id: '7a8b9c0d-0000-4a00-8000-000000000006', name: 'Felipe Andrade', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000007', name: 'Gabriela Teixeira', channel: 'email' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000008', name: 'Heitor Barbosa', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000009', name: 'Isabela Ferreira', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000010', name: 'João Vitor Ramos', channel: 'email' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000011', name: 'Larissa Moreira', channel: 'whatsapp' },
  { id: '7a8b9c0d-0000-4a00-8000-000000000012', name: 'Matheus Cardoso', channel: 'whatsapp' },
] as const;

const T0 = '2026-11-20T13:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const NO_CONTACT = 'O cliente não tem e-mail nem WhatsApp autorizado cadastrados.';

/** A send whose recipients are in every state: read, delivered, sent, and two failures. */
export const messageCampaignMixedFixture: MessageCampaign = {
  id: '8b9c0d1e-0000-4a00-8000-000000000001',
  channel: 'whatsapp',
  body: 'Oi, {{paciente}}! Lembrete: a clínica estará fechada na sexta-feira, feriado. — {{profissional}}',
  template: 'acompanha_mensagem',
  audience: { kind: 'filter', status: 'active' },
  sendAt: T0,
  total: 5,
  counts: { queued: 0, sent: 1, delivered: 1, read: 1, failed: 2 },
  createdAt: T0,
};

export const messageCampaignMixedRecipients: CampaignRecipient[] = [
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000001',
    patientId: messagingPeopleFixture[4].id,
    patientName: 'Eduarda Martins',
    channel: 'whatsapp',
    status: 'failed',
    errorCode: 'NOTIFICATION_CHANNEL_ERROR',
    error: NO_CONTACT,
    statusAt: at(0),
  },
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000002',
    patientId: messagingPeopleFixture[5].id,
    patientName: 'Felipe Andrade',
    channel: 'whatsapp',
    status: 'failed',
    errorCode: 'WHATSAPP_INTEGRATION_ERROR',
    error: 'O WhatsApp recusou a mensagem: número sem WhatsApp.',
    statusAt: at(1),
  },
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000003',
    patientId: messagingPeopleFixture[0].id,
    patientName: 'Ana Beatriz Lima',
    channel: 'whatsapp',
    status: 'read',
    errorCode: null,
    error: null,
    statusAt: at(12),
  },
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000004',
    patientId: messagingPeopleFixture[2].id,
    patientName: 'Camila Rocha',
    channel: 'email',
    status: 'sent',
    errorCode: null,
    error: null,
    statusAt: at(1),
  },
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000005',
    patientId: messagingPeopleFixture[1].id,
    patientName: 'Bruno Carvalho',
    channel: 'whatsapp',
    status: 'delivered',
    errorCode: null,
    error: null,
    statusAt: at(2),
  },
];

/** An e-mail send scheduled for later: everyone still in the queue. */
export const messageCampaignScheduledFixture: MessageCampaign = {
  id: '8b9c0d1e-0000-4a00-8000-000000000002',
  channel: 'email',
  body: 'Olá, {{paciente}}! Na próxima semana começo a atender também aos sábados. Abraço, {{profissional}}.',
  template: null,
  audience: { kind: 'patients', patientIds: [messagingPeopleFixture[2].id, messagingPeopleFixture[6].id] },
  sendAt: '2030-01-10T12:00:00.000Z',
  total: 2,
  counts: { queued: 2, sent: 0, delivered: 0, read: 0, failed: 0 },
  createdAt: at(-60 * 24),
};

const scheduledRecipients: CampaignRecipient[] = [
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000011',
    patientId: messagingPeopleFixture[2].id,
    patientName: 'Camila Rocha',
    channel: 'email',
    status: 'queued',
    errorCode: null,
    error: null,
    statusAt: at(-60 * 24),
  },
  {
    messageId: '9c0d1e2f-0000-4a00-8000-000000000012',
    patientId: messagingPeopleFixture[6].id,
    patientName: 'Gabriela Teixeira',
    channel: 'email',
    status: 'queued',
    errorCode: null,
    error: null,
    statusAt: at(-60 * 24),
  },
];

/** A client's thread: a message read, a failure, and her WhatsApp reply (newest first, as the API lists it). */
export const messagingChatHistoryFixture: ChatMessagePage = {
  items: [
    {
      id: '5e6f7081-0000-4a00-8000-000000000013',
      patientId: practicePatientFixture.id,
      channel: 'whatsapp',
      body: 'Obrigada, Ana! Vou sim, até sexta.',
      status: 'delivered',
      direction: 'in',
      errorCode: null,
      error: null,
      statusAt: '2026-11-20T13:20:00.000Z',
      createdAt: '2026-11-20T13:20:00.000Z',
    },
    {
      id: '5e6f7081-0000-4a00-8000-000000000012',
      patientId: practicePatientFixture.id,
      channel: 'whatsapp',
      body: 'Olá, Mariana! Ana Souza enviou uma mensagem para você: a clínica estará fechada na sexta-feira.',
      status: 'read',
      direction: 'out',
      errorCode: null,
      error: null,
      statusAt: '2026-11-20T13:12:00.000Z',
      createdAt: '2026-11-20T13:00:00.000Z',
    },
    {
      id: '5e6f7081-0000-4a00-8000-000000000011',
      patientId: practicePatientFixture.id,
      channel: 'email',
      body: 'Olá, Mariana! Seu plano alimentar novo está pronto.',
      status: 'failed',
      direction: 'out',
      errorCode: 'NOTIFICATION_CHANNEL_ERROR',
      error: 'O servidor de e-mail recusou o endereço.',
      statusAt: '2026-11-18T10:00:05.000Z',
      createdAt: '2026-11-18T10:00:00.000Z',
    },
  ],
  total: 3,
};

type Body = ComposeMessageData['body'];
type Person = { id: string; name: string; channel: 'email' | 'whatsapp' | null };

/** Who a body reaches, with the channel each gets it by (the selection's ids, or the filtered clients). */
function peopleOf(body: Body): Person[] {
  if (body.audience.kind === 'patients') {
    return body.audience.patientIds.map((id, i) => {
      const known = messagingPeopleFixture.find((p) => p.id === id);
      if (known) return { ...known };
      // Someone from another screen's fixtures: the mock splits them like the filtered list.
      const like = messagingPeopleFixture[i % messagingPeopleFixture.length]!;
      return {
        id,
        name: id === practicePatientFixture.id ? practicePatientFixture.name : like.name,
        channel: like.channel,
      };
    });
  }
  return messagingPeopleFixture.map((p) => ({ ...p }));
}

/** The channel each gets in this send: WhatsApp only for those who agreed to it. */
const channelOf = (p: Person, chosen: Body['channel']) =>
  p.channel === null ? null : chosen === 'email' ? 'email' : p.channel;
/** Clients the mocks treat as outside WhatsApp's 24-hour window (they have not written lately). */
const outsideWindow = (p: Person) => !['Ana Beatriz Lima', 'Bruno Carvalho', 'Daniel Nogueira'].includes(p.name);

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
function sampleFor(p: Person | undefined, body: Body): string {
  if (!p) return '';
  const text = body.body
    .replace(/\{\{\s*paciente\s*\}\}/g, firstName(p.name))
    .replace(/\{\{\s*profissional\s*\}\}/g, professionalFixture.name);
  const template = whatsAppTemplateFixtures.find((t) => t.name === body.template);
  if (channelOf(p, body.channel) !== 'whatsapp' || !template) return text;
  const params = [firstName(p.name), professionalFixture.name, text];
  return template.body.replace(/\{\{(\d)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** The preview the API would answer for a body. */
export function messagePreviewFor(body: Body): MessagePreview {
  const people = peopleOf(body);
  const by = (c: 'email' | 'whatsapp' | null) => people.filter((p) => channelOf(p, body.channel) === c).length;
  return {
    total: people.length,
    email: by('email'),
    whatsapp: by('whatsapp'),
    withoutContact: by(null),
    outsideWindow: people.filter((p) => channelOf(p, body.channel) === 'whatsapp' && outsideWindow(p)).length,
    sample: sampleFor(people[0], body),
  };
}

interface CampaignState {
  campaign: MessageCampaign;
  recipients: CampaignRecipient[];
}
const state = { campaigns: [] as CampaignState[], composed: [] as Body[], retried: [] as string[] };

/** The bodies composed since the last reset (what a story sent). */
export const messagingCalls = {
  get composed(): readonly Body[] {
    return state.composed;
  },
  get retried(): readonly string[] {
    return state.retried;
  },
};

export function resetMessagingState() {
  state.campaigns = [
    {
      campaign: structuredClone(messageCampaignMixedFixture),
      recipients: structuredClone(messageCampaignMixedRecipients),
    },
    { campaign: structuredClone(messageCampaignScheduledFixture), recipients: structuredClone(scheduledRecipients) },
  ];
  state.composed = [];
  state.retried = [];
}
resetMessagingState();

function recount(c: CampaignState) {
  const counts = { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 };
  for (const r of c.recipients) counts[r.status] += 1;
  c.campaign.counts = counts;
}

const failuresFirst = (a: CampaignRecipient, b: CampaignRecipient) =>
  (a.status === 'failed' ? 0 : 1) - (b.status === 'failed' ? 0 : 1) || a.patientName.localeCompare(b.patientName);

/** The messaging calls, answering as the API does when everything goes well (stateful). */
export const messagingHandlers = {
  templates: http.get(api('/chat/templates'), () => HttpResponse.json(whatsAppTemplateFixtures)),
  preview: http.post(api('/chat/messages/preview'), async ({ request }) => {
    const body = (await request.json()) as Body;
    await delay(30);
    const unknown = [...body.body.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)]
      .map((m) => m[1]!)
      .filter((v) => v !== 'paciente' && v !== 'profissional');
    if (unknown.length) return fail('WRONG_TEMPLATE_VARIABLES', { variables: unknown });
    return HttpResponse.json(messagePreviewFor(body));
  }),
  compose: http.post(api('/chat/messages'), async ({ request }) => {
    const body = (await request.json()) as Body;
    await delay(50);
    const preview = messagePreviewFor(body);
    if (preview.outsideWindow > 0 && !body.template) {
      return fail('WHATSAPP_TEMPLATE_REQUIRED', { outsideWindow: preview.outsideWindow }, 409);
    }
    state.composed.push(body);
    const now = new Date().toISOString();
    const sendAt = body.sendAt && body.sendAt > now ? body.sendAt : now;
    const id = `8b9c0d1e-0000-4a00-8000-${String(100 + state.campaigns.length).padStart(12, '0')}`;
    const c: CampaignState = {
      campaign: {
        id,
        channel: body.channel,
        body: body.body,
        template: body.template ?? null,
        audience: body.audience,
        sendAt,
        total: preview.total,
        counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
        createdAt: now,
      },
      recipients: peopleOf(body).map((p, i) => {
        const channel = channelOf(p, body.channel);
        return {
          messageId: `${id.slice(0, 24)}${String(i + 1).padStart(12, '0')}`.replace(/^8b9c0d1e/, '9c0d1e2f'),
          patientId: p.id,
          patientName: p.name,
          channel: channel ?? body.channel,
          status: channel ? ('queued' as const) : ('failed' as const),
          errorCode: channel ? null : ('NOTIFICATION_CHANNEL_ERROR' as const),
          error: channel ? null : NO_CONTACT,
          statusAt: now,
        };
      }),
    };
    recount(c);
    state.campaigns.unshift(c);
    return HttpResponse.json(c.campaign, { status: 201 });
  }),
  listCampaigns: http.get(api('/chat/campaigns'), ({ request }) =>
    HttpResponse.json(
      pageOf(
        state.campaigns.map((c) => c.campaign),
        new URL(request.url),
      ),
    ),
  ),
  getCampaign: http.get(api('/chat/campaigns/:id'), ({ params, request }) => {
    const c = state.campaigns.find((x) => x.campaign.id === params.id);
    if (!c) return fail('NOT_FOUND');
    const detail = { campaign: structuredClone(c.campaign), recipients: [...c.recipients].sort(failuresFirst) };
    // The next read finds what was queued (and is due) sent: the sender runs between the reads.
    if (c.campaign.sendAt <= new Date().toISOString()) {
      for (const r of c.recipients)
        if (r.status === 'queued') Object.assign(r, { status: 'sent', statusAt: new Date().toISOString() });
      recount(c);
    }
    const page = pageOf(detail.recipients, new URL(request.url));
    return HttpResponse.json({ campaign: detail.campaign, recipients: page.items, recipientsTotal: page.total });
  }),
  retry: http.post(api('/chat/messages/:id/retry'), async ({ params }) => {
    await delay(30);
    for (const c of state.campaigns) {
      const r = c.recipients.find((x) => x.messageId === params.id);
      if (!r) continue;
      if (r.status !== 'failed') return fail('WRONG_COMMAND_PARAMETERS');
      state.retried.push(r.messageId);
      Object.assign(r, { status: 'queued', errorCode: null, error: null, statusAt: new Date().toISOString() });
      recount(c);
      return HttpResponse.json({ id: r.messageId });
    }
    return fail('NOT_FOUND');
  }),
  chatHistory: http.get(api('/chat/history/:patientId'), () => HttpResponse.json(messagingChatHistoryFixture)),
};

/** Every messaging handler, specific paths first (MSW matches in order). */
export const messagingHandlerList = [
  messagingHandlers.templates,
  messagingHandlers.preview,
  messagingHandlers.retry,
  messagingHandlers.compose,
  messagingHandlers.getCampaign,
  messagingHandlers.listCampaigns,
  messagingHandlers.chatHistory,
];
