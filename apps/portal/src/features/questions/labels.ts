import type { QuestionType } from '@acompanha/api-client';

/** How each question type is called in the portal. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  'multiple-choice': 'Múltipla escolha',
  'linear-scale': 'Escala linear',
  'likert-scale': 'Escala Likert',
  'free-field': 'Campo livre',
  'file-upload': 'Envio de arquivo',
  metrics: 'Métrica',
};

export const QUESTION_TYPES = Object.keys(QUESTION_TYPE_LABELS) as QuestionType[];

export const QUESTION_TYPE_HINTS: Record<QuestionType, string> = {
  'multiple-choice': 'Alternativas para escolher; cada uma pode abrir perguntas complementares.',
  'linear-scale': 'Uma nota numa escala, como de 0 a 10.',
  'likert-scale': 'Afirmações com níveis de concordância.',
  'free-field': 'Resposta escrita pelo cliente.',
  'file-upload': 'Fotos ou PDFs enviados pelo cliente.',
  metrics: 'Um número com unidade, como peso em kg.',
};
