/**
 * What a patient's export reads: her registration and consents, every answer with the questions as she saw them
 * (the answer's snapshot), the reviews and their notes, sales and services, schedules and their sends, the
 * messages, her files and who read her record. Long lists are read in pages (keyset on their own order), so the
 * job holds one page at a time whatever the size of the record.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  accessLog,
  answerItems,
  answerRequests,
  answerRevisionNotes,
  answerRevisions,
  files,
  messages,
  quizAnswers,
  quizSchedules,
  quizzes,
  sales,
  services,
  type patients,
} from '../db/schema.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';
import { itemKey, snapshotQuestions } from '../answer-revision/snapshot.js';
import { snapshotFlows } from '../quiz-answer/snapshots.js';
import { renderValue } from '../answer-revision/render.js';

export type PatientRow = typeof patients.$inferSelect;
const PAGE = 100;

/** Her registration data and consents, as stored. */
export function registration(p: PatientRow) {
  return {
    id: p.id,
    nome: p.name,
    email: p.email,
    telefone: p.phone,
    cpf: p.document,
    dataDeNascimento: p.birthDate,
    sexo: p.sex,
    situacao: p.status,
    modalidadeDeAtendimento: p.serviceModality,
    etiquetas: p.tags,
    observacoes: p.notes,
    cadastradoEm: p.createdAt.toISOString(),
    alteradoEm: p.updatedAt.toISOString(),
    consentimentos: {
      canalDeContato: p.preferences.channel,
      aceitaWhatsApp: p.preferences.channel === 'whatsapp',
      lembretes: p.preferences.reminders,
      horaDosLembretes: p.preferences.reminderHour,
    },
  };
}

/** One of her files as it goes into the archive: `arquivos/<8 hex>-<name>`. */
export function archivedFileName(key: string): string {
  const [, hex = '', ...rest] = key.split('_');
  return `arquivos/${hex.slice(0, 8)}-${rest.join('_') || 'arquivo'}`;
}

export interface ExportedItem {
  pergunta: string;
  descricao: string | null;
  tipo: string;
  subperguntaDe: string | null;
  /** The question's options as she saw them (alternatives, scale, unit, decimals…). */
  configuracao: unknown;
  respondidoEm: string;
  /** The stored value: numbers are numbers. */
  valor: AnswerValue;
  /** The answer as one line of text ("82,8 kg"). */
  texto: string;
  /** A measurement's or a scale's number, else null. */
  numero: number | null;
  unidade: string | null;
  decimais: number | null;
}

export interface ExportedAnswer {
  id: string;
  questionario: string;
  situacao: 'in_progress' | 'finished';
  iniciadoEm: string;
  concluidoEm: string | null;
  revisao: {
    situacao: 'pending' | 'completed';
    aprovadaEm: string | null;
    anotacoes: { texto: string; criadaEm: string; alteradaEm: string }[];
  } | null;
  itens: ExportedItem[];
}

function numberOf(value: AnswerValue, config: unknown) {
  if (value.type !== 'metrics' && value.type !== 'linear-scale') return { numero: null, unidade: null, decimais: null };
  const c = (config ?? {}) as { unit?: unknown; decimals?: unknown };
  return {
    numero: Number.isFinite(value.value) ? value.value : null,
    unidade: value.type === 'metrics' && typeof c.unit === 'string' && c.unit.trim() ? c.unit.trim() : null,
    decimais: value.type === 'metrics' ? Number(c.decimals ?? 0) : 0,
  };
}

interface AnswerRow {
  id: string;
  title: string;
  status: 'in_progress' | 'finished';
  snapshotId: string;
  startedAt: Date;
  finishedAt: Date | null;
  revisionId: string | null;
  revisionStatus: 'pending' | 'completed' | null;
  approvedAt: Date | null;
}

/** Her answers, oldest first, a page at a time, each with the questions of its own snapshot. */
export async function* answerPages(db: Db, patientId: string): AsyncGenerator<ExportedAnswer[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: AnswerRow[] = await db
      .select({
        id: quizAnswers.id,
        title: quizzes.title,
        status: quizAnswers.status,
        snapshotId: quizAnswers.snapshotId,
        startedAt: quizAnswers.startedAt,
        finishedAt: quizAnswers.finishedAt,
        revisionId: answerRevisions.id,
        revisionStatus: answerRevisions.status,
        approvedAt: answerRevisions.approvedAt,
      })
      .from(quizAnswers)
      .innerJoin(quizzes, eq(quizzes.id, quizAnswers.quizId))
      .leftJoin(answerRevisions, eq(answerRevisions.quizAnswerId, quizAnswers.id))
      .where(
        and(
          eq(quizAnswers.patientId, patientId),
          after
            ? or(
                gt(quizAnswers.startedAt, after.at),
                and(eq(quizAnswers.startedAt, after.at), gt(quizAnswers.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(quizAnswers.startedAt), asc(quizAnswers.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.startedAt, id: last.id };
    const ids = rows.map((r) => r.id);
    const revisionIds = rows.flatMap((r) => (r.revisionId ? [r.revisionId] : []));
    const [items, notes, flows] = await Promise.all([
      db
        .select()
        .from(answerItems)
        .where(inArray(answerItems.quizAnswerId, ids))
        .orderBy(asc(answerItems.quizAnswerId), asc(answerItems.position)),
      revisionIds.length
        ? db
            .select()
            .from(answerRevisionNotes)
            .where(inArray(answerRevisionNotes.revisionId, revisionIds))
            .orderBy(asc(answerRevisionNotes.createdAt))
        : Promise.resolve([]),
      snapshotFlows(
        db,
        rows.map((r) => r.snapshotId),
      ),
    ]);
    yield rows.map((r): ExportedAnswer => {
      const snapshot = new Map(
        snapshotQuestions(flows.get(r.snapshotId)).map((q) => [itemKey(q.questionId, q.parentQuestionId), q]),
      );
      const titleOf = (id: string | null) => (id ? (snapshot.get(itemKey(id, null))?.title ?? null) : null);
      return {
        id: r.id,
        questionario: r.title,
        situacao: r.status,
        iniciadoEm: r.startedAt.toISOString(),
        concluidoEm: r.finishedAt?.toISOString() ?? null,
        revisao: r.revisionId
          ? {
              situacao: r.revisionStatus!,
              aprovadaEm: r.approvedAt?.toISOString() ?? null,
              anotacoes: notes
                .filter((n) => n.revisionId === r.revisionId)
                .map((n) => ({
                  texto: n.text,
                  criadaEm: n.createdAt.toISOString(),
                  alteradaEm: n.updatedAt.toISOString(),
                })),
            }
          : null,
        itens: items
          .filter((i) => i.quizAnswerId === r.id)
          .map((i): ExportedItem => {
            const q = snapshot.get(itemKey(i.questionId, i.parentQuestionId));
            const value = i.value as AnswerValue;
            return {
              pergunta: q?.title ?? 'Pergunta',
              descricao: q?.description ?? null,
              tipo: q?.type ?? value.type,
              subperguntaDe: titleOf(i.parentQuestionId),
              configuracao: q?.config ?? null,
              respondidoEm: i.answeredAt.toISOString(),
              valor: value,
              texto: renderValue(value, q?.config, (key) => archivedFileName(key)),
              ...numberOf(value, q?.config),
            };
          }),
      };
    });
    if (rows.length < PAGE) return;
  }
}

/** Sales with the service each one sold, oldest first. */
export async function salesOf(db: Db, patientId: string) {
  const rows = await db
    .select({ sale: sales, service: services })
    .from(sales)
    .innerJoin(services, eq(services.id, sales.serviceId))
    .where(eq(sales.patientId, patientId))
    .orderBy(asc(sales.soldAt), asc(sales.id));
  return rows.map(({ sale, service }) => ({
    id: sale.id,
    servico: {
      nome: service.name,
      descricao: service.description,
      modalidade: service.modality,
      validadeEmDias: service.validityDays,
      consultas: service.consultations,
    },
    valorEmCentavos: sale.amountCents,
    valor: sale.amountCents / 100,
    formaDePagamento: sale.paymentMethod,
    situacao: sale.status,
    vendidaEm: sale.soldAt.toISOString(),
    inicio: sale.startsAt,
    fim: sale.endsAt,
    reembolsadaEm: sale.refundedAt?.toISOString() ?? null,
  }));
}

/** Her schedules (deleted ones too, as history) and each one's sends. */
export async function schedulesOf(db: Db, patientId: string) {
  const rows = await db
    .select({ s: quizSchedules, title: quizzes.title })
    .from(quizSchedules)
    .innerJoin(quizzes, eq(quizzes.id, quizSchedules.quizId))
    .where(eq(quizSchedules.patientId, patientId))
    .orderBy(asc(quizSchedules.createdAt), asc(quizSchedules.id));
  const sends = rows.length
    ? await db
        .select()
        .from(answerRequests)
        .where(
          inArray(
            answerRequests.scheduleId,
            rows.map((r) => r.s.id),
          ),
        )
        .orderBy(asc(answerRequests.dueAt))
    : [];
  return rows.map(({ s, title }) => ({
    id: s.id,
    questionario: title,
    inicio: s.startDate,
    hora: s.hour,
    periodicidade: s.periodicity,
    aCadaDias: s.intervalDays,
    diasDaSemana: s.weekdays,
    fim: s.endDate,
    canal: s.channel,
    ativo: s.enabled && !s.deletedAt,
    excluidoEm: s.deletedAt?.toISOString() ?? null,
    criadoEm: s.createdAt.toISOString(),
    envios: sends
      .filter((r) => r.scheduleId === s.id)
      .map((r) => ({
        previstoPara: r.dueAt.toISOString(),
        situacao: r.status,
        enviadoEm: r.sentAt?.toISOString() ?? null,
        respondidoEm: r.answeredAt?.toISOString() ?? null,
        canceladoEm: r.cancelledAt?.toISOString() ?? null,
      })),
  }));
}

/** Messages to and from her, oldest first, a page at a time. */
export async function* messagePages(db: Db, patientId: string) {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: (typeof messages.$inferSelect)[] = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.patientId, patientId),
          after
            ? or(gt(messages.createdAt, after.at), and(eq(messages.createdAt, after.at), gt(messages.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(500);
    if (rows.length === 0) return;
    after = { at: rows[rows.length - 1]!.createdAt, id: rows[rows.length - 1]!.id };
    yield rows.map((m) => ({
      direcao: m.direction === 'in' ? 'recebida' : 'enviada',
      canal: m.channel,
      texto: m.body,
      situacao: m.status,
      erro: m.error,
      criadaEm: m.createdAt.toISOString(),
      situacaoEm: m.statusAt?.toISOString() ?? null,
    }));
    if (rows.length < 500) return;
  }
}

/** Who read her record, oldest first, a page at a time (the append-only access log). */
export async function* accessPages(db: Db, patientId: string) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.patientId, patientId), gt(accessLog.id, after)))
      .orderBy(asc(accessLog.id))
      .limit(500);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    yield rows.map((r) => ({
      em: r.at.toISOString(),
      oQue: r.kind,
      identificador: r.targetId,
      resultado: r.outcome,
      endereco: r.address,
    }));
    if (rows.length < 500) return;
  }
}

/** Her uploaded files still kept (not deleted, upload finished): key, type, size. */
export async function filesOf(db: Db, patientId: string) {
  return db
    .select({ key: files.key, contentType: files.contentType, size: files.size })
    .from(files)
    .where(and(eq(files.patientId, patientId), isNotNull(files.uploadedAt), isNull(files.deletedAt)))
    .orderBy(asc(files.createdAt), asc(files.key))
    .limit(10_000);
}
