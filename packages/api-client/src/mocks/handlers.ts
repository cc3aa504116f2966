import { delay, http, HttpResponse } from 'msw';
import type { ErrorCode, ErrorResponse } from '../gen/types.gen';
import { errorBody, loginResponseFixture, professionalFixture } from './fixtures';
import { api, pageOf } from './respond';

/** Answers a call with the API's error body for `code`. */
export function errorHandler(
  method: 'get' | 'post' | 'put' | 'delete' | 'patch',
  path: string,
  code: ErrorCode,
  details?: ErrorResponse['details'],
) {
  return http[method](api(path), async () => {
    await delay(50);
    const { status, body } = errorBody(code, details);
    return HttpResponse.json(body, { status });
  });
}

/** A call that never answers: the loading state. */
export function pendingHandler(method: 'get' | 'post' | 'put' | 'delete' | 'patch', path: string) {
  return http[method](api(path), async () => {
    await delay('infinite');
    return new HttpResponse(null);
  });
}

/** The accounts calls, answering as the API does when everything goes well. */
export const accountHandlers = {
  login: http.post(api('/auth/login'), async () => {
    await delay(50);
    return HttpResponse.json(loginResponseFixture);
  }),
  register: http.post(api('/auth/registration'), async ({ request }) => {
    const body = (await request.json()) as { email: string };
    await delay(50);
    return HttpResponse.json({ email: body.email, verificationRequired: true as const }, { status: 201 });
  }),
  verifyEmail: http.post(api('/auth/verify-email'), async () => {
    await delay(50);
    return HttpResponse.json({ verified: true as const });
  }),
  resendVerification: http.post(api('/auth/verify-email/resend'), async () => {
    await delay(50);
    return new HttpResponse(null, { status: 204 });
  }),
  requestRecovery: http.post(api('/account/recovery/request'), async () => {
    await delay(50);
    return new HttpResponse(null, { status: 204 });
  }),
  resetPassword: http.post(api('/account/recovery/reset'), async () => {
    await delay(50);
    return new HttpResponse(null, { status: 204 });
  }),
  getMe: http.get(api('/professional/me'), () => HttpResponse.json(professionalFixture)),
  updateMe: http.put(api('/professional/me'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    await delay(50);
    return HttpResponse.json({ ...professionalFixture, ...body });
  }),
  changePassword: http.put(api('/professional/me/password'), async () => {
    await delay(50);
    return HttpResponse.json({ jwt: loginResponseFixture.jwt });
  }),
  markTutorialSeen: http.post(api('/professional/me/tutorial'), async () => {
    await delay(50);
    return HttpResponse.json({ ...professionalFixture, tutorialSeenAt: professionalFixture.tutorialSeenAt });
  }),
  logout: http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
};

/** GET `path` answered page by page from `items`: for a story with more than one page of something. */
export const pagedListHandler = <T>(path: string, items: T[]) =>
  http.get(api(path), ({ request }) => HttpResponse.json(pageOf(items, new URL(request.url))));
