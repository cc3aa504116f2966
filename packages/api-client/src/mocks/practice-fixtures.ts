/** The practice fixtures: services, two patients, their sales, quizzes and messages, and the invoice rule. */
import type { ChatMessagePage, Invoice, Patient, PatientQuizPage, Sale, Service } from '../gen/types.gen';

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

/** `months` monthly sales of the profile's client, the newest first, one a month back from November 2026. */
export function practiceMonthlySalesFixture(months: number): Sale[] {
  return Array.from({ length: months }, (_, i) => {
    const start = new Date(Date.UTC(2026, 10 - i, 10));
    const end = new Date(Date.UTC(2026, 11 - i, 10));
    return sale({
      id: `9b8a7c6d-0000-4e00-8000-1${String(i).padStart(11, '0')}`,
      soldAt: `${start.toISOString().slice(0, 10)}T14:00:00.000Z`,
      startsAt: start.toISOString().slice(0, 10),
      endsAt: end.toISOString().slice(0, 10),
    });
  });
}

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
      direction: 'out',
      errorCode: null,
      error: null,
      statusAt: '2026-11-12T12:05:00.000Z',
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
