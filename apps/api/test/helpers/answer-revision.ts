/**
 * A patient answering a quiz through the real calls: request now → delivery (the e-mail with the PIN)
 * → validate-pin → start → save each answer → finish. Used by the answer-revision tests.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createChannels } from '../../src/delivery/channels.js';
import { deliverAnswerRequest } from '../../src/delivery/deliver.js';
import { OutboxWhatsAppProvider } from '../../src/delivery/whatsapp.js';
import { bearer, type TestApp } from './app.js';
import type { practice } from './scheduling.js';

type Practice = ReturnType<typeof practice>;
type Value = Record<string, unknown>;

export interface AnswerStep {
  questionId: string;
  parentQuestionId?: string;
  /** The value, or a function making it with the survey token (e.g. after uploading a file). */
  value: Value | ((surveyToken: string) => Promise<Value>);
}

export function surveyFlow(t: TestApp, p: Practice) {
  const channels = createChannels(t.mailbox, new OutboxWhatsAppProvider(t.database.db));

  /** The professional asks for the quiz now; the request is delivered at once. Returns it and the e-mailed PIN. */
  async function send(pro: string, scheduleId: string, email: string): Promise<{ requestId: string; pin: string }> {
    const request = await p.ok(p.api('POST', '/quiz/schedule/request-now', pro, { quizScheduleId: scheduleId }), 201);
    const outcome = await deliverAnswerRequest(
      { db: t.database.db, config: { now: t.clock.now, publicUrl: 'http://acompanha.test' }, channels },
      request.id,
      { lastAttempt: true },
    );
    expect(outcome).toBe('sent');
    const [mail] = await t.mailbox.list(email);
    const pin = /PIN:? (\d{6})/.exec(mail!.text)?.[1];
    expect(pin).toBeTruthy();
    return { requestId: request.id, pin: pin! };
  }

  async function surveyToken(scheduleId: string, pin: string): Promise<string> {
    return (await p.ok(p.api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: scheduleId, pin })))
      .token;
  }

  async function start(token: string, scheduleId: string, requestId: string): Promise<string> {
    return (
      await p.ok(p.api('POST', '/quiz-answer', token, { quizScheduleId: scheduleId, answerRequestId: requestId }), 201)
    ).quizAnswerId;
  }

  /** Uploads a file as the patient (signed URL, then the raw bytes) and returns the answer's file entry. */
  async function upload(token: string, questionId: string, name: string, bytes: Buffer, contentType = 'image/jpeg') {
    const signed = await p.ok(
      p.api('POST', '/file/signed-url', token, { key: name, contentType, contentSize: bytes.length, questionId }),
    );
    const url = new URL(signed.uploadData.url);
    const put = await t.call({
      method: 'PUT',
      url: url.pathname,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    return { key: signed.key as string, name, contentType, size: bytes.length };
  }

  /** A whole answer: sent now, opened with the PIN, answered step by step and finished (unless finish is false). */
  async function answer(opts: {
    pro: string;
    scheduleId: string;
    email: string;
    steps: AnswerStep[];
    finish?: boolean;
  }): Promise<{ requestId: string; quizAnswerId: string; surveyToken: string }> {
    const { requestId, pin } = await send(opts.pro, opts.scheduleId, opts.email);
    const token = await surveyToken(opts.scheduleId, pin);
    const quizAnswerId = await start(token, opts.scheduleId, requestId);
    for (const [i, step] of opts.steps.entries()) {
      const value = typeof step.value === 'function' ? await step.value(token) : step.value;
      const last = i === opts.steps.length - 1 && opts.finish !== false;
      const res = await t.call({
        method: 'PUT',
        url: `/api/quiz-answer/${quizAnswerId}`,
        headers: bearer(token),
        payload: {
          idempotencyKey: randomUUID(),
          answer: {
            questionId: step.questionId,
            ...(step.parentQuestionId ? { parentQuestionId: step.parentQuestionId } : {}),
            value,
          },
          ...(last ? { finish: true } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { requestId, quizAnswerId, surveyToken: token };
  }

  return { send, surveyToken, start, upload, answer };
}
