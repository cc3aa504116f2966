/** How domain values read in the portal, shared by several screens. */
import { type ServiceModality, type QuestionType } from '@acompanha/api-client';

export const MODALITY_LABELS = {
  presencial: 'Presencial',
  online: 'Online',
  hibrido: 'Híbrido',
} as const satisfies Record<ServiceModality, string>;

export type ChannelKey = 'email' | 'whatsapp';

export const CHANNEL_LABELS: Record<ChannelKey, string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

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
