import { delay, http, HttpResponse } from 'msw';
import type {
  ChatMessagePage,
  CreateSaleData,
  CreateServiceData,
  Invoice,
  Patient,
  PatientQuizPage,
  Sale,
  Service,
  UpdateServiceData,
} from '../gen/types.gen';
import { addDays, api, fail } from './respond';

/**
 * Fixtures and handlers of the practice screens: a client's profile (`/clients/profile/:id`) and
 * services, sales and invoice (`/services`). The handlers keep a small in-memory state, so a story
 * sees its own changes (a refunded sale shows as refunded, a second refund is refused).
 */

const CREATED_AT = '2026-10-01T13:00:00.000Z';

export const practiceServiceFixtures: Service[] = [
  {
    id: '7a0e1c52-1f00-4a00-8000-000000000001',
    name: 'Acompanhamento mensal',
    description: 'Consulta e acompanhamento por questionários durante 30 dias.',
    priceCents: 39000,
    modality: 'online',
    validityDays: 30,
    consultations: 1,
    isActive: true,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  },
  {
    id: '7a0e1c52-1f00-4a00-8000-000000000002',
    name: 'Plano trimestral',
    description: null,
    priceCents: 99000,
    modality: 'hibrido',
    validityDays: 90,
    consultations: 3,
    isActive: true,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  },
  {
    id: '7a0e1c52-1f00-4a00-8000-000000000003',
    name: 'Consulta avulsa',
    description: null,
    priceCents: 25000,
    modality: 'presencial',
    validityDays: 15,
    consultations: 1,
    isActive: false,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  },
];

const [MONTHLY, QUARTERLY] = practiceServiceFixtures as [Service, Service, Service];

export const practicePatientFixture: Patient = {
  id: '3c1d2e4f-5a6b-4c7d-8e9f-000000000101',
  name: 'Mariana Souza',
  email: 'mariana@example.com',
  phone: '+5511912345678',
  document: '12345678909',
  birthDate: '1990-04-12',
  sex: 'feminino',
  status: 'active',
  serviceModality: 'online',
  tags: ['emagrecimento', 'vegetariana'],
  notes: 'Prefere contato à tarde.',
  preferences: { channel: 'whatsapp', reminders: true, reminderHour: 9 },
  currentService: { id: MONTHLY.id, name: MONTHLY.name, endsAt: '2026-12-10' },
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
};

export const practiceOtherPatientFixture: Patient = {
  ...practicePatientFixture,
  id: '3c1d2e4f-5a6b-4c7d-8e9f-000000000102',
  name: 'Carlos Pereira',
  email: null,
  phone: '+5521987654321',
  document: null,
  tags: [],
  notes: null,
  preferences: { channel: 'whatsapp', reminders: false, reminderHour: null },
  currentService: null,
};

const sale = (s: Pick<Sale, 'id' | 'soldAt' | 'startsAt' | 'endsAt'> & Partial<Sale>): Sale => ({
  patientId: practicePatientFixture.id,
  patientName: practicePatientFixture.name,
  serviceId: MONTHLY.id,
  serviceName: MONTHLY.name,
  amountCents: MONTHLY.priceCents,
  paymentMethod: 'pix',
  status: 'paid',
  refundedAt: null,
  createdAt: s.soldAt,
  ...s,
});

export const practiceSaleFixtures: Sale[] = [
  sale({
    id: '9b8a7c6d-0000-4e00-8000-000000000001',
    soldAt: '2026-11-10T14:00:00.000Z',
    startsAt: '2026-11-10',
    endsAt: '2026-12-10',
  }),
  sale({
    id: '9b8a7c6d-0000-4e00-8000-000000000002',
    soldAt: '2026-11-05T17:30:00.000Z',
    startsAt: '2026-11-05',
    endsAt: '2027-02-03',
    patientId: practiceOtherPatientFixture.id,
    patientName: practiceOtherPatientFixture.name,
    serviceId: QUARTERLY.id,
    serviceName: QUARTERLY.name,
    amountCents: 123456,
    paymentMethod: 'cartao',
  }),
  sale({
    id: '9b8a7c6d-0000-4e00-8000-000000000003',
    soldAt: '2026-10-10T14:00:00.000Z',
    startsAt: '2026-10-10',
    endsAt: '2026-11-09',
    status: 'refunded',
    refundedAt: '2026-10-12T12:00:00.000Z',
    paymentMethod: 'boleto',
  }),
];

export const practicePatientQuizzesFixture: PatientQuizPage = {
  items: [
    {
      id: '4d5e6f70-0000-4a00-8000-000000000001',
      quizScheduleId: '4d5e6f70-0000-4a00-8000-000000000001',
      quizId: '4d5e6f70-0000-4a00-8000-0000000000a1',
      quizTitle: 'Acompanhamento semanal',
      patientId: practicePatientFixture.id,
      patientName: practicePatientFixture.name,
      startDate: '2026-10-05',
      hour: 8,
      periodicity: 'weekly',
      intervalDays: null,
      weekdays: [1],
      endDate: null,
      channel: 'email',
      enabled: true,
      link: 'http://localhost:3000/quiz-survey/4d5e6f70-0000-4a00-8000-000000000001',
      nextDueAt: '2026-10-19T11:00:00.000Z',
      lastRequest: {
        id: '4d5e6f70-0000-4a00-8000-0000000000b1',
        quizScheduleId: '4d5e6f70-0000-4a00-8000-000000000001',
        kind: 'scheduled',
        dueAt: '2026-10-12T11:00:00.000Z',
        status: 'sent',
        sentAt: '2026-10-12T11:00:02.000Z',
        answeredAt: null,
        attempts: 1,
        lastError: null,
        lastErrorCode: null,
      },
      pinLocked: false,
      answers: { total: 0, pending: 0 },
      createdAt: '2026-10-05T10:00:00.000Z',
    },
  ],
  total: 1,
};

export const practiceChatHistoryFixture: ChatMessagePage = {
  items: [
    {
      id: '5e6f7081-0000-4a00-8000-000000000001',
      patientId: practicePatientFixture.id,
      channel: 'whatsapp',
      body: 'Olá, Mariana! Seu questionário semanal está disponível.',
      status: 'read',
      createdAt: '2026-11-12T12:00:00.000Z',
    },
  ],
  total: 1,
};

/** The invoice the handler computes for `sales` sold between the two São Paulo dates. */
export function practiceInvoice(sales: Sale[], periodStart: string, periodEnd: string): Invoice {
  const inPeriod = sales
    .filter((s) => {
      const day = new Date(new Date(s.soldAt).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
      return day >= periodStart && day <= periodEnd;
    })
    .sort((a, b) => b.soldAt.localeCompare(a.soldAt));
  const lines = new Map<string, Invoice['services'][number]>();
  for (const s of inPeriod) {
    const line = lines.get(s.serviceId) ?? {
      serviceId: s.serviceId,
      name: s.serviceName,
      count: 0,
      grossCents: 0,
      refundsCents: 0,
      netCents: 0,
    };
    line.count += 1;
    line.grossCents += s.amountCents;
    if (s.status === 'refunded') line.refundsCents += s.amountCents;
    line.netCents = line.grossCents - line.refundsCents;
    lines.set(s.serviceId, line);
  }
  const services = [...lines.values()];
  const grossCents = services.reduce((sum, l) => sum + l.grossCents, 0);
  const refundsCents = services.reduce((sum, l) => sum + l.refundsCents, 0);
  return {
    periodStart,
    periodEnd,
    services,
    grossCents,
    refundsCents,
    netCents: grossCents - refundsCents,
    sales: inPeriod,
  };
}

/** In-memory state behind `practiceHandlers`; `resetPracticeState()` before each story. */
const state = { patients: [] as Patient[], services: [] as Service[], sales: [] as Sale[] };

export function resetPracticeState() {
  state.patients = [structuredClone(practicePatientFixture), structuredClone(practiceOtherPatientFixture)];
  state.services = structuredClone(practiceServiceFixtures);
  state.sales = structuredClone(practiceSaleFixtures);
}
resetPracticeState();

/** The practice calls, answering as the API does when everything goes well (stateful). */
export const practiceHandlers = {
  getPatient: http.get(api('/patient/:id'), ({ params }) => {
    const patient = state.patients.find((p) => p.id === params.id);
    return patient ? HttpResponse.json(patient) : fail('PATIENT_NOT_FOUND_ERROR');
  }),
  listPatients: http.get(api('/patient'), ({ request }) => {
    const term = new URL(request.url).searchParams.get('nameTerm')?.toLowerCase() ?? '';
    const items = state.patients.filter((p) => p.name.toLowerCase().includes(term));
    return HttpResponse.json({ items, total: items.length });
  }),
  updatePatient: http.put(api('/patient/:id'), async ({ params, request }) => {
    const body = (await request.json()) as Partial<Patient>;
    await delay(50);
    const index = state.patients.findIndex((p) => p.id === params.id);
    if (index < 0) return fail('PATIENT_NOT_FOUND_ERROR');
    const updated = { ...state.patients[index]!, ...body, updatedAt: new Date().toISOString() };
    state.patients[index] = updated;
    return HttpResponse.json(updated);
  }),
  updatePreferences: http.put(api('/patient/:id/preferences'), async ({ params, request }) => {
    const body = (await request.json()) as Patient['preferences'];
    await delay(50);
    const patient = state.patients.find((p) => p.id === params.id);
    if (!patient) return fail('PATIENT_NOT_FOUND_ERROR');
    if (body.channel === 'email' && !patient.email) {
      return fail('NOTIFICATION_CHANNEL_ERROR', [{ path: ['channel'], message: 'O cliente não tem e-mail.' }]);
    }
    patient.preferences = { channel: body.channel, reminders: body.reminders, reminderHour: body.reminderHour ?? null };
    return HttpResponse.json(patient);
  }),
  deletePatient: http.delete(api('/patient/:id'), async ({ params, request }) => {
    const body = (await request.json()) as { mode: 'inactivate' | 'delete' };
    await delay(50);
    const patient = state.patients.find((p) => p.id === params.id);
    if (!patient) return fail('PATIENT_NOT_FOUND_ERROR');
    if (body.mode === 'delete') state.patients = state.patients.filter((p) => p !== patient);
    else patient.status = 'inactive';
    return HttpResponse.json({ id: patient.id, status: body.mode === 'delete' ? 'deleted' : 'inactive' });
  }),
  patientQuizzes: http.get(api('/patient/:patientId/quizzes'), () => HttpResponse.json(practicePatientQuizzesFixture)),
  chatHistory: http.get(api('/chat/history/:patientId'), () => HttpResponse.json(practiceChatHistoryFixture)),

  listServices: http.get(api('/services'), ({ request }) => {
    const status = new URL(request.url).searchParams.get('status') ?? 'all';
    return HttpResponse.json(state.services.filter((s) => status === 'all' || s.isActive === (status === 'active')));
  }),
  createService: http.post(api('/services'), async ({ request }) => {
    const body = (await request.json()) as CreateServiceData['body'];
    await delay(50);
    const now = new Date().toISOString();
    const service: Service = {
      id: crypto.randomUUID(),
      name: body.name,
      description: body.description ?? null,
      priceCents: body.priceCents,
      modality: body.modality ?? 'presencial',
      validityDays: body.validityDays,
      consultations: body.consultations ?? 1,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    };
    state.services.push(service);
    return HttpResponse.json(service, { status: 201 });
  }),
  updateService: http.put(api('/services/:id'), async ({ params, request }) => {
    const body = (await request.json()) as UpdateServiceData['body'];
    await delay(50);
    const service = state.services.find((s) => s.id === params.id);
    if (!service) return fail('NOT_FOUND');
    Object.assign(service, body, { updatedAt: new Date().toISOString() });
    return HttpResponse.json(service);
  }),
  disableService: http.delete(api('/services/:id/disable'), async ({ params }) => {
    await delay(50);
    const service = state.services.find((s) => s.id === params.id);
    if (!service) return fail('NOT_FOUND');
    service.isActive = false;
    return HttpResponse.json(service);
  }),
  enableService: http.post(api('/services/:id/enable'), async ({ params }) => {
    await delay(50);
    const service = state.services.find((s) => s.id === params.id);
    if (!service) return fail('NOT_FOUND');
    service.isActive = true;
    return HttpResponse.json(service);
  }),
  invoice: http.get(api('/services/invoice'), ({ request }) => {
    const q = new URL(request.url).searchParams;
    return HttpResponse.json(practiceInvoice(state.sales, q.get('periodStart') ?? '', q.get('periodEnd') ?? ''));
  }),

  listSales: http.get(api('/sales'), ({ request }) => {
    const q = new URL(request.url).searchParams;
    const day = (s: Sale) => new Date(new Date(s.soldAt).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    const all = state.sales
      .filter((s) => !q.get('patientId') || s.patientId === q.get('patientId'))
      .filter((s) => !q.get('status') || s.status === q.get('status'))
      .filter((s) => !q.get('periodStart') || day(s) >= q.get('periodStart')!)
      .filter((s) => !q.get('periodEnd') || day(s) <= q.get('periodEnd')!)
      .sort((a, b) => b.soldAt.localeCompare(a.soldAt));
    const skip = Number(q.get('skip') ?? 0);
    const take = Number(q.get('take') ?? 20);
    return HttpResponse.json({ items: all.slice(skip, skip + take), total: all.length });
  }),
  createSale: http.post(api('/sales'), async ({ request }) => {
    const body = (await request.json()) as CreateSaleData['body'];
    await delay(50);
    const service = state.services.find((s) => s.id === body.serviceId);
    const patient = state.patients.find((p) => p.id === body.patientId);
    if (!service || !patient) return fail('NOT_FOUND');
    const soldAt = body.soldAt ?? new Date().toISOString();
    const startsAt = body.startsAt ?? soldAt.slice(0, 10);
    const created: Sale = {
      id: crypto.randomUUID(),
      patientId: patient.id,
      patientName: patient.name,
      serviceId: service.id,
      serviceName: service.name,
      amountCents: body.amountCents ?? service.priceCents,
      paymentMethod: body.paymentMethod,
      status: 'paid',
      soldAt,
      startsAt,
      endsAt: addDays(startsAt, service.validityDays),
      refundedAt: null,
      createdAt: new Date().toISOString(),
    };
    state.sales.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),
  refundSale: http.delete(api('/sales/:id/refound'), async ({ params }) => {
    await delay(50);
    const found = state.sales.find((s) => s.id === params.id);
    if (!found) return fail('SALE_NOT_FOUND');
    if (found.status === 'refunded') return fail('SALE_ALREADY_REFOUNDED');
    found.status = 'refunded';
    found.refundedAt = new Date().toISOString();
    return HttpResponse.json(found);
  }),
  deleteSale: http.delete(api('/sales/:id'), async ({ params }) => {
    await delay(50);
    if (!state.sales.some((s) => s.id === params.id)) return fail('SALE_NOT_FOUND');
    state.sales = state.sales.filter((s) => s.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
};

/** Every practice handler, specific paths first (MSW matches in order). */
export const practiceHandlerList = [
  practiceHandlers.patientQuizzes,
  practiceHandlers.updatePreferences,
  practiceHandlers.getPatient,
  practiceHandlers.listPatients,
  practiceHandlers.updatePatient,
  practiceHandlers.deletePatient,
  practiceHandlers.chatHistory,
  practiceHandlers.invoice,
  practiceHandlers.disableService,
  practiceHandlers.enableService,
  practiceHandlers.listServices,
  practiceHandlers.createService,
  practiceHandlers.updateService,
  practiceHandlers.refundSale,
  practiceHandlers.deleteSale,
  practiceHandlers.listSales,
  practiceHandlers.createSale,
];
