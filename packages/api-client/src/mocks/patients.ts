import { delay, http, HttpResponse } from 'msw';
import type {
  CreatePatientData,
  Patient,
  PatientImportResult,
  PatientPage,
  PatientTotals,
  Service,
} from '../gen/types.gen';
import { api, fail, patientPageOf } from './respond';

const basePatient: Omit<Patient, 'id' | 'name' | 'email' | 'phone' | 'document'> = {
  birthDate: null,
  sex: null,
  status: 'active',
  serviceModality: 'presencial',
  tags: [],
  notes: null,
  preferences: { channel: 'whatsapp', reminders: true, reminderHour: null },
  currentService: null,
  createdAt: '2026-10-12T13:00:00.000Z',
  updatedAt: '2026-11-10T13:00:00.000Z',
};

/** Services as `GET /services` answers them (for the client list's "Serviço" filter). */
export const patientServiceFixtures: Service[] = [
  {
    id: '5e1a0c2b-3d4f-4a5b-8c6d-7e8f9a0b1c01',
    name: 'Acompanhamento mensal',
    description: 'Consulta e ajustes do plano alimentar todo mês.',
    priceCents: 25000,
    modality: 'presencial',
    validityDays: 30,
    consultations: 1,
    isActive: true,
    createdAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-01T12:00:00.000Z',
  },
  {
    id: '5e1a0c2b-3d4f-4a5b-8c6d-7e8f9a0b1c02',
    name: 'Plano trimestral online',
    description: null,
    priceCents: 60000,
    modality: 'online',
    validityDays: 90,
    consultations: 3,
    isActive: true,
    createdAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-01T12:00:00.000Z',
  },
];

/** A handful of Brazilian patients as `GET /patient` returns them. */
export const patientFixtures: Patient[] = [
  {
    ...basePatient,
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c01',
    name: 'Beatriz Conceição',
    email: 'beatriz.conceicao@exemplo.com.br',
    phone: '+5511912345678',
    document: '52998224725',
    birthDate: '1991-04-18',
    sex: 'feminino',
    tags: ['emagrecimento'],
    currentService: { id: patientServiceFixtures[0]!.id, name: 'Acompanhamento mensal', endsAt: '2026-12-15' },
  },
  {
    ...basePatient,
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c02',
    name: 'João Pedro Araújo',
    email: 'joao.araujo@exemplo.com.br',
    phone: '+5521987654321',
    document: null,
    serviceModality: 'online',
    currentService: { id: patientServiceFixtures[1]!.id, name: 'Plano trimestral online', endsAt: '2027-01-31' },
  },
  {
    ...basePatient,
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c03',
    name: 'Márcia Lima',
    email: null,
    phone: '+5531991234567',
    document: null,
    serviceModality: 'hibrido',
  },
  {
    ...basePatient,
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c04',
    name: 'Rafael Gonçalves',
    email: 'rafael.goncalves@exemplo.com.br',
    phone: null,
    document: null,
    status: 'inactive',
  },
];

export const patientPageFixture: PatientPage = {
  items: patientFixtures,
  total: patientFixtures.length,
  totalCapped: false,
};

export const patientTotalsFixture: PatientTotals = {
  total: 4,
  byStatus: { active: 3, inactive: 1 },
  byModality: { presencial: 2, online: 1, hibrido: 1 },
};

/** An import of 6 rows: 3 new, 1 updated, 2 refused. */
export const patientImportResultFixture: PatientImportResult = {
  imported: 3,
  updated: 1,
  skipped: 0,
  total: 6,
  errors: [
    { row: 3, field: 'document', code: 'INVALID_PATIENT_DOCUMENT', message: 'CPF inválido.' },
    { row: 6, field: 'name', code: 'MISSING_PARAMETER', message: 'Informe o nome.' },
  ],
};

/** The template `GET /patient/import/template` sends. */
export const patientImportTemplateFixture = 'nome;e-mail;telefone;cpf;nascimento;sexo;modalidade;tags;observações\n';

/** Accent- and case-insensitive, as the API compares names. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The patient calls, answering as the API does (the list filters and pages the fixtures). */
export const patientHandlers = {
  list: http.get(api('/patient'), async ({ request }) => {
    const url = new URL(request.url);
    const nameTerm = url.searchParams.get('nameTerm');
    const status = url.searchParams.get('status');
    const modality = url.searchParams.get('serviceModality');
    const serviceId = url.searchParams.get('serviceId');
    const items = patientFixtures.filter(
      (p) =>
        (!nameTerm || fold(p.name).includes(fold(nameTerm))) &&
        (!status || p.status === status) &&
        (!modality || p.serviceModality === modality) &&
        (!serviceId || p.currentService?.id === serviceId),
    );
    await delay(30);
    return HttpResponse.json(patientPageOf(items, url));
  }),
  totals: http.get(api('/patient/totals'), () => HttpResponse.json(patientTotalsFixture)),
  services: http.get(api('/services'), () => HttpResponse.json(patientServiceFixtures)),
  create: http.post(api('/patient'), async ({ request }) => {
    const body = (await request.json()) as CreatePatientData['body'];
    await delay(50);
    const created: Patient = {
      ...basePatient,
      id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c99',
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ? `+55${body.phone.replace(/\D/g, '')}` : null,
      document: body.document ?? null,
      serviceModality: body.serviceModality ?? 'presencial',
    };
    return HttpResponse.json(created, { status: 201 });
  }),
  deleteMany: http.delete(api('/patient'), async ({ request }) => {
    const body = (await request.json()) as { ids: string[] };
    await delay(50);
    return HttpResponse.json({ processed: body.ids.length, notFound: [] });
  }),
  importTemplate: http.get(api('/patient/import/template'), () =>
    HttpResponse.text(patientImportTemplateFixture, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  ),
  import: http.post(api('/patient/import'), async () => {
    await delay(50);
    return HttpResponse.json(patientImportResultFixture);
  }),
  /** One patient (after `/patient/totals` in this list, so that path is not taken for an id). */
  get: http.get(api('/patient/:id'), ({ params }) => {
    const patient = patientFixtures.find((p) => p.id === params.id);
    if (patient) return HttpResponse.json(patient);
    return fail('PATIENT_NOT_FOUND_ERROR');
  }),
};
