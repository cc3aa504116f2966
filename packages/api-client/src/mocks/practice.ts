import { delay, http, HttpResponse } from 'msw';
import type { CreateSaleData, CreateServiceData, Patient, Sale, Service, UpdateServiceData } from '../gen/types.gen';
import { addDays, api, fail, patientPageOf } from './respond';
import {
  practiceChatHistoryFixture,
  practiceInvoice,
  practiceOtherPatientFixture,
  practicePatientFixture,
  practicePatientQuizzesFixture,
  practiceSaleFixtures,
  practiceServiceFixtures,
} from './practice-fixtures';
import { state as schedulingState } from './scheduling-state';

/**
 * Fixtures and handlers of the practice screens: a client's profile (`/clients/profile/:id`) and
 * services, sales and invoice (`/services`). The handlers keep a small in-memory state, so a story
 * sees its own changes (a refunded sale shows as refunded, a second refund is refused).
 */

/** In-memory state behind `practiceHandlers`; `resetPracticeState()` before each story. */
const state = { patients: [] as Patient[], services: [] as Service[], sales: [] as Sale[] };

/** Back to the fixtures; `sales` replaces the fixtures' sales (a client with years of them). */
export function resetPracticeState({ sales = practiceSaleFixtures }: { sales?: Sale[] } = {}) {
  state.patients = [structuredClone(practicePatientFixture), structuredClone(practiceOtherPatientFixture)];
  state.services = structuredClone(practiceServiceFixtures);
  state.sales = structuredClone(sales);
}
resetPracticeState();

/** The practice calls, answering as the API does when everything goes well (stateful). */
export const practiceHandlers = {
  getPatient: http.get(api('/patient/:id'), ({ params }) => {
    const patient = state.patients.find((p) => p.id === params.id);
    return patient ? HttpResponse.json(patient) : fail('PATIENT_NOT_FOUND_ERROR');
  }),
  listPatients: http.get(api('/patient'), ({ request }) => {
    const url = new URL(request.url);
    const term = url.searchParams.get('nameTerm')?.toLowerCase() ?? '';
    const items = state.patients.filter((p) => p.name.toLowerCase().includes(term));
    return HttpResponse.json(patientPageOf(items, url));
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
    // A sale covering today is her current service from then on, in the patient reads and the schedule rule.
    const today = new Date().toISOString().slice(0, 10);
    if (startsAt <= today && today < created.endsAt) {
      const current = { id: service.id, name: service.name, endsAt: created.endsAt };
      patient.currentService = current;
      const scheduled = schedulingState.patients.find((p) => p.id === patient.id);
      if (scheduled) scheduled.currentService = current;
    }
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
