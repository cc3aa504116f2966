import { delay, http, HttpResponse } from 'msw';
import type { DataExport, OwnExportRequested } from '../gen/types.gen';
import { api, fail, nowIso } from './respond';

/**
 * Data exports as the API answers them when all goes well: a request is queued; each read of it moves the job
 * on (running with progress, then done with a signed link to the ZIP that expires in seven days), so a story sees
 * the dialog poll and settle. Asking again while one is queued or running answers that same job.
 */

const DAY = 86_400_000;
const PATIENT_TOTAL = 1;
/** "Exportar tudo" in the mocks: the practice's clients. */
export const EXPORT_ALL_TOTAL = 48;

const state = { jobs: new Map<string, DataExport>(), reads: new Map<string, number>(), seq: 0 };

/** Back to no export (call in each story's `beforeEach`). */
export function resetDataExportState() {
  state.jobs.clear();
  state.reads.clear();
  state.seq = 0;
}

const jobId = () => `e0000000-0000-4000-8000-${String(++state.seq).padStart(12, '0')}`;

function start(key: string, scope: DataExport['scope']): DataExport {
  const active = state.jobs.get(key);
  if (active && (active.state === 'queued' || active.state === 'running')) return active;
  const job: DataExport = {
    id: jobId(),
    scope,
    state: 'queued',
    progress: 0,
    total: scope === 'all' ? 0 : PATIENT_TOTAL,
    createdAt: nowIso(),
    finishedAt: null,
    expiresAt: null,
    size: null,
    downloadUrl: null,
    error: null,
  };
  state.jobs.set(key, job);
  state.jobs.set(job.id, job);
  return job;
}

/** The job one read later: queued → running (half) → done. */
function advance(job: DataExport): DataExport {
  const reads = (state.reads.get(job.id) ?? 0) + 1;
  state.reads.set(job.id, reads);
  const total = job.scope === 'all' ? EXPORT_ALL_TOTAL : PATIENT_TOTAL;
  if (job.state === 'queued') Object.assign(job, { state: 'running', total, progress: Math.floor(total / 2) });
  else if (job.state === 'running') {
    const now = Date.now();
    Object.assign(job, {
      state: 'done',
      progress: total,
      finishedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 7 * DAY).toISOString(),
      size: job.scope === 'all' ? 48_300_000 : 1_240_000,
      downloadUrl: `/api/file/0d6c8a3e-0000-4000-8000-000000000001_4b1f0c2d9e8a7b6c5d4e3f2a1b0c9d8e_exportacao.zip?exp=${Math.floor(now / 1000) + 7200}&sig=mock`,
    });
  }
  return job;
}

const find = (id: string) => {
  const job = state.jobs.get(id);
  return job && job.id === id ? job : undefined;
};

export const dataExportHandlers = {
  createPatientExport: http.post(api('/patient/:id/export'), async ({ params }) => {
    await delay(80);
    return HttpResponse.json(start(`patient:${String(params.id)}`, 'patient'), { status: 202 });
  }),
  getPatientExport: http.get(api('/patient/:id/export/:jobId'), async ({ params }) => {
    await delay(80);
    const job = find(String(params.jobId));
    return job ? HttpResponse.json(advance(job)) : fail('DATA_EXPORT_NOT_FOUND');
  }),
  createProfessionalExport: http.post(api('/professional/me/export'), async () => {
    await delay(80);
    return HttpResponse.json(start('all', 'all'), { status: 202 });
  }),
  getProfessionalExport: http.get(api('/professional/me/export/:jobId'), async ({ params }) => {
    await delay(80);
    const job = find(String(params.jobId));
    return job ? HttpResponse.json(advance(job)) : fail('DATA_EXPORT_NOT_FOUND');
  }),
};

export const dataExportHandlerList = Object.values(dataExportHandlers);

/** A job that stops failed at its first read (the job could not build it). */
export const failingExportHandler = (path: '/patient/:id/export/:jobId' | '/professional/me/export/:jobId') =>
  http.get(api(path), async ({ params }) => {
    await delay(80);
    const job = find(String(params.jobId));
    if (!job) return fail('DATA_EXPORT_NOT_FOUND');
    Object.assign(job, {
      state: 'failed',
      finishedAt: nowIso(),
      error: 'Não foi possível preparar o arquivo. Tente de novo; se continuar, fale com o suporte.',
    });
    return HttpResponse.json(job);
  });

/** The patient's own request from her corner: the link goes to her e-mail. */
export const ownExportRequestedFixture: OwnExportRequested = {
  channel: 'email',
  sentTo: 'an•••@gmail.com',
  expiresInDays: 7,
  message:
    'Estamos preparando a cópia dos seus dados. Enviamos o link para an•••@gmail.com em alguns minutos; ele vale por 7 dias.',
};

export const requestOwnExportHandler = http.post(api('/patient-area/me/export'), async () => {
  await delay(80);
  return HttpResponse.json(ownExportRequestedFixture, { status: 202 });
});
