import type { SurveyAnswerValue, SurveyStepQuestion } from '@acompanha/machines';

/** The usual five agreement levels (as the Likert control shows them when the question names none). */
const DEFAULT_LEVELS = [
  { id: '1', label: 'Discordo totalmente' },
  { id: '2', label: 'Discordo' },
  { id: '3', label: 'Não concordo nem discordo' },
  { id: '4', label: 'Concordo' },
  { id: '5', label: 'Concordo totalmente' },
];

const number = (value: number, decimals?: number) =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: decimals ?? 2 }).format(value);

/** An answer as the review lists it: one line per part (a Likert answer has one per statement). */
export function answerLines(question: Pick<SurveyStepQuestion, 'type' | 'config'>, value: SurveyAnswerValue): string[] {
  const c = (question.config ?? {}) as Record<string, unknown>;
  switch (value.type) {
    case 'multiple-choice': {
      const alternatives = (c.alternatives ?? []) as { id: string; label: string; order?: number }[];
      const ordered = alternatives
        .map((a, i) => ({ a, k: a.order ?? i }))
        .sort((x, y) => x.k - y.k)
        .map((x) => x.a);
      return ordered.filter((a) => value.alternativeIds.includes(a.id)).map((a) => a.label);
    }
    case 'linear-scale':
      return [`${value.value} de ${Number(c.max ?? 10)}`];
    case 'likert-scale': {
      const statements = (c.statements ?? []) as { id: string; text: string }[];
      const levels = (
        (c.levels as { id: string; label: string }[] | undefined)?.length ? c.levels : DEFAULT_LEVELS
      ) as {
        id: string;
        label: string;
      }[];
      return statements.map(
        (s) => `${s.text}: ${levels.find((l) => l.id === value.levels[s.id])?.label ?? value.levels[s.id] ?? '—'}`,
      );
    }
    case 'free-field':
      return [value.text];
    case 'file-upload':
      return value.files.map((f) => f.name);
    case 'metrics':
      return [
        `${number(value.value, typeof c.decimals === 'number' ? c.decimals : undefined)} ${String(c.unit ?? '')}`.trim(),
      ];
  }
}
