/** The checks every saved answer passes: its place in the flow, its type's rules and its limits. */
import { AppError } from '../errors/app-error.js';
import { FILE_KEY } from '../lib/file-link.js';
import type { AnswerValue, SurveyQuestion } from './schemas.js';
import type { AnswerInput } from './rows.js';
import { alternativeDoesNotBelong, doesNotBelong, notExpected, wrongOrder } from './errors.js';
import { alternativesOf, itemKey, type ItemLike, nextQuestion, openedSubQuestions } from './flow.js';

export const MB = 1024 * 1024;

function checkValue(
  professionalId: string,
  questionId: string,
  type: string,
  config: unknown,
  value: AnswerValue,
): AnswerValue {
  const bad = (message: string) => doesNotBelong(questionId, message);
  if (value.type !== type) throw bad('Esta resposta não corresponde ao tipo da pergunta.');
  const c = (config ?? {}) as Record<string, unknown>;
  switch (value.type) {
    case 'multiple-choice': {
      const ids = value.alternativeIds;
      if (new Set(ids).size !== ids.length) throw bad('Alternativa repetida na resposta.');
      const known = new Set(alternativesOf(c).map((a) => a.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw alternativeDoesNotBelong(questionId, unknown);
      if (!c.allowMultiple && ids.length > 1) throw bad('Escolha só uma alternativa.');
      return value;
    }
    case 'linear-scale': {
      const min = Number(c.min);
      const max = Number(c.max);
      if (!(value.value >= min && value.value <= max)) throw bad(`Escolha um valor de ${min} a ${max}.`);
      return value;
    }
    case 'likert-scale': {
      const statements = ((c.statements ?? []) as { id: string }[]).map((s) => s.id);
      const levels = new Set(((c.levels ?? []) as { id: string }[]).map((l) => l.id));
      const given = Object.keys(value.levels);
      if (given.length !== statements.length || statements.some((s) => !(s in value.levels))) {
        throw bad('Responda a cada afirmação com um nível.');
      }
      const unknown = Object.values(value.levels).filter((l) => !levels.has(l));
      if (unknown.length) throw alternativeDoesNotBelong(questionId, [...new Set(unknown)]);
      return { type: 'likert-scale', levels: Object.fromEntries(statements.map((s) => [s, value.levels[s]!])) };
    }
    case 'free-field': {
      const text = value.text.trim();
      if (!text) throw bad('Escreva sua resposta.');
      if (text.length > Number(c.maxLength))
        throw bad(`A resposta deve ter no máximo ${Number(c.maxLength)} caracteres.`);
      if (!c.multiline && /[\r\n]/.test(text)) throw bad('A resposta deve ter uma linha só.');
      return { type: 'free-field', text };
    }
    case 'file-upload': {
      const accepted = new Set((c.acceptedTypes ?? []) as string[]);
      const maxBytes = Number(c.maxSizeMb) * MB;
      const keys = new Set<string>();
      for (const f of value.files) {
        if (!FILE_KEY.test(f.key) || !f.key.startsWith(`${professionalId}_`))
          throw bad('Arquivo não encontrado. Envie o arquivo de novo.');
        if (keys.has(f.key)) throw bad('Arquivo repetido na resposta.');
        keys.add(f.key);
        if (!accepted.has(f.contentType)) throw bad('Tipo de arquivo não aceito nesta pergunta.');
        if (f.size > maxBytes) throw bad(`Cada arquivo deve ter no máximo ${Number(c.maxSizeMb)} MB.`);
      }
      return value;
    }
    case 'metrics': {
      const decimals = Number(c.decimals ?? 0);
      const v = value.value;
      if (!Number.isFinite(v)) throw bad('Informe um número.');
      const scaled = v * 10 ** decimals;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
        throw bad(decimals === 0 ? 'Informe um número inteiro.' : `Informe no máximo ${decimals} casa(s) decimal(is).`);
      }
      const min = typeof c.min === 'number' ? c.min : undefined;
      const max = typeof c.max === 'number' ? c.max : undefined;
      if ((min !== undefined && v < min) || (max !== undefined && v > max)) {
        const unit = String(c.unit ?? '');
        throw bad(
          min !== undefined && max !== undefined
            ? `Informe um valor entre ${min} e ${max} ${unit}.`.trim()
            : min !== undefined
              ? `Informe um valor de pelo menos ${min} ${unit}.`.trim()
              : `Informe um valor de no máximo ${max} ${unit}.`.trim(),
        );
      }
      return { type: 'metrics', value: Number(Math.round(scaled) / 10 ** decimals) };
    }
  }
}

/** Checks one answer against the flow and the answers so far; returns the value to store. */
export function checkAnswer(
  professionalId: string,
  flow: SurveyQuestion[],
  items: ItemLike[],
  answer: AnswerInput,
): AnswerValue {
  const qid = answer.questionId;
  const parentId = answer.parentQuestionId ?? null;
  const answered = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  let target: { type: string; config: unknown };
  if (parentId === null) {
    const q = flow.find((f) => f.questionId === qid);
    if (!q) throw notExpected(qid);
    target = q;
  } else {
    const parent = flow.find((f) => f.questionId === parentId);
    const offered = parent?.subQuestions.find((s) => s.questionId === qid);
    if (!parent || !offered) throw notExpected(qid);
    const parentAnswer = answered.get(itemKey(parentId, null));
    if (!parentAnswer) throw wrongOrder(nextQuestion(flow, items));
    const opened = openedSubQuestions(parent, parentAnswer.value as AnswerValue);
    if (opened.length === 0) {
      throw new AppError(
        400,
        'ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT',
        'A alternativa escolhida não tem perguntas complementares.',
        { questionId: qid, parentQuestionId: parentId },
      );
    }
    if (!opened.includes(qid)) {
      throw new AppError(
        400,
        'INVALID_ALTERNATIVE_SUB_QUESTION',
        'Esta pergunta complementar não pertence à alternativa escolhida.',
        { questionId: qid, parentQuestionId: parentId },
      );
    }
    target = offered;
  }
  if (answered.has(itemKey(qid, parentId))) {
    // Going back: an answered step of the flow may take a new value when the client says so.
    if (answer.replace) return checkValue(professionalId, qid, target.type, target.config, answer.value);
    throw new AppError(409, 'ANSWER_ALREADY_REGISTERED', 'Esta pergunta já foi respondida.', {
      questionId: qid,
      parentQuestionId: parentId,
    });
  }
  const next = nextQuestion(flow, items);
  if (!next || next.questionId !== qid || next.parentQuestionId !== parentId) throw wrongOrder(next);
  return checkValue(professionalId, qid, target.type, target.config, answer.value);
}
