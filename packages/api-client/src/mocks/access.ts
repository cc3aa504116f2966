import { http, HttpResponse } from 'msw';
import type { AccessLogEntry, AccountActivityEntry } from '../gen/types.gen';
import { api, pageOf } from './respond';

/** A patient's access log as `GET /patient/{id}/access-log` answers it: newest first. */
export function accessLogFixture(patientId: string): AccessLogEntry[] {
  return [
    {
      id: 9,
      at: '2026-11-20T14:05:00.000Z',
      kind: 'access_log',
      targetId: patientId,
      outcome: 'ok',
      address: '200.150.10.0/24',
    },
    {
      id: 8,
      at: '2026-11-20T14:02:00.000Z',
      kind: 'file',
      targetId: 'frente.jpg',
      outcome: 'ok',
      address: '200.150.10.0/24',
    },
    {
      id: 7,
      at: '2026-11-20T14:01:00.000Z',
      kind: 'review',
      targetId: '5b0c1d2e-3f40-4152-8364-758697a8b9c0',
      outcome: 'ok',
      address: '200.150.10.0/24',
    },
    {
      id: 6,
      at: '2026-11-18T22:40:00.000Z',
      kind: 'series',
      targetId: patientId,
      outcome: 'ok',
      address: '2804:14c:65::/48',
    },
    {
      id: 5,
      at: '2026-11-12T12:30:00.000Z',
      kind: 'answers_export',
      targetId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      outcome: 'ok',
      address: '200.150.10.0/24',
    },
    { id: 4, at: '2026-11-10T09:15:00.000Z', kind: 'patient_export', targetId: null, outcome: 'failed', address: null },
    {
      id: 3,
      at: '2026-11-02T18:00:00.000Z',
      kind: 'answer',
      targetId: null,
      outcome: 'refused',
      address: '200.150.10.0/24',
    },
  ];
}

/** The professional's own activity as `GET /professional/me/activity` answers it: newest first. */
export const accountActivityFixture: AccountActivityEntry[] = [
  { id: 6, at: '2026-11-20T13:58:00.000Z', kind: 'sign_in', address: '200.150.10.0/24', detail: null },
  { id: 5, at: '2026-11-18T22:35:00.000Z', kind: 'sign_in_new_address', address: '2804:14c:65::/48', detail: null },
  {
    id: 4,
    at: '2026-11-15T10:00:00.000Z',
    kind: 'webhook_secret_rotated',
    address: '200.150.10.0/24',
    detail: { endpointId: 'a1' },
  },
  {
    id: 3,
    at: '2026-11-12T12:31:00.000Z',
    kind: 'export_requested',
    address: '200.150.10.0/24',
    detail: { scope: 'patient' },
  },
  { id: 2, at: '2026-11-01T11:00:00.000Z', kind: 'password_changed', address: '200.150.10.0/24', detail: null },
  { id: 1, at: '2026-10-12T13:00:00.000Z', kind: 'sign_in', address: '200.150.10.0/24', detail: null },
];

export const accessHandlers = {
  patientLog: http.get(api('/patient/:id/access-log'), ({ params, request }) =>
    HttpResponse.json(pageOf(accessLogFixture(String(params.id)), new URL(request.url))),
  ),
  activity: http.get(api('/professional/me/activity'), ({ request }) =>
    HttpResponse.json(pageOf(accountActivityFixture, new URL(request.url))),
  ),
};
export const accessHandlerList = Object.values(accessHandlers);
