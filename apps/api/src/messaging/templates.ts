/**
 * The WhatsApp message templates the product has approved with Meta. Outside the 24 hours after a patient's
 * last WhatsApp message, WhatsApp accepts only approved templates; inside it, free text too. `{{1}}` is the
 * patient's first name, `{{2}}` the professional's name, `{{3}}` (when present) the professional's text.
 */
export interface WhatsAppTemplate {
  name: string;
  label: string;
  /** The text as approved, with its numbered parameters. */
  body: string;
  /** Whether it carries the professional's own text as `{{3}}`. */
  takesText: boolean;
}

export const WHATSAPP_TEMPLATES: readonly WhatsAppTemplate[] = [
  {
    name: 'acompanha_mensagem',
    label: 'Mensagem do profissional',
    body: 'Olá, {{1}}! {{2}} enviou uma mensagem para você: {{3}}',
    takesText: true,
  },
  {
    name: 'acompanha_retorno',
    label: 'Como você está?',
    body: 'Olá, {{1}}! {{2}} quer saber como você está. Responda esta mensagem para conversar.',
    takesText: false,
  },
  {
    name: 'acompanha_lembrete_consulta',
    label: 'Lembrete de consulta',
    body: 'Olá, {{1}}! Lembrete de {{2}}: sua consulta está chegando. Responda esta mensagem se precisar remarcar.',
    takesText: false,
  },
];

export const templateNamed = (name: string) => WHATSAPP_TEMPLATES.find((t) => t.name === name);

/** The template as the patient reads it. */
export function renderTemplate(t: WhatsAppTemplate, params: string[]): string {
  return t.body.replace(/\{\{(\d)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** The 24-hour customer-service window after her last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
