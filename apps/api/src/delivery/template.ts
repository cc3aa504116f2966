/** The professional's template message: the text sent with every quiz link. */
import { AppError } from '../errors/app-error.js';

export const TEMPLATE_VARIABLES = [
  { name: 'paciente', description: 'Primeiro nome do cliente' },
  { name: 'profissional', description: 'Seu nome' },
  { name: 'questionario', description: 'Título do questionário' },
  { name: 'link', description: 'Link para responder o questionário (obrigatório)' },
  { name: 'pin', description: 'PIN de 6 dígitos que abre o questionário (obrigatório)' },
] as const;

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];
export type TemplateValues = Record<TemplateVariable, string>;

const REQUIRED: TemplateVariable[] = ['link', 'pin'];
const KNOWN = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.name));
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const DEFAULT_TEMPLATE_MESSAGE =
  'Olá, {{paciente}}! {{profissional}} enviou o questionário "{{questionario}}". Responda em {{link}} com o PIN {{pin}}.';

export const TEMPLATE_MAX_LENGTH = 1000;

/** The variable names used in a template, in order of first appearance. */
export function templateVariables(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** Unknown `{{x}}` → WRONG_TEMPLATE_VARIABLES (details.variables); no {{link}} or {{pin}} → WRONG_TEMPLATE_PARAMETER. */
export function validateTemplate(template: string): void {
  const used = templateVariables(template);
  const unknown = used.filter((v) => !KNOWN.has(v));
  if (unknown.length > 0) {
    const list = unknown.map((v) => `{{${v}}}`).join(', ');
    const allowed = TEMPLATE_VARIABLES.map((v) => `{{${v.name}}}`).join(', ');
    throw new AppError(
      400,
      'WRONG_TEMPLATE_VARIABLES',
      `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'} na mensagem: ${list}. Use apenas ${allowed}.`,
      { variables: unknown },
    );
  }
  const missing = REQUIRED.filter((v) => !used.includes(v));
  if (missing.length > 0) {
    throw new AppError(
      400,
      'WRONG_TEMPLATE_PARAMETER',
      `A mensagem precisa conter ${missing.map((v) => `{{${v}}}`).join(' e ')}: sem ${missing.length === 1 ? 'isso' : 'eles'} o cliente não consegue responder.`,
      { variables: missing },
    );
  }
}

/** Replaces every known variable; unknown ones (never stored, but defensive) are left as written. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? values[name as TemplateVariable] : whole,
  );
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The PIN as shown in the chat history. */
export const MASKED_PIN = '••••••';

/**
 * The message that carries a survey link: the professional's template (or the default) filled in.
 * With `MASKED_PIN`, it is what the client's message history keeps.
 */
export function linkMessage(
  template: string | null,
  v: { patientName: string; professionalName: string; quizTitle: string; link: string },
  pin: string,
): string {
  return renderTemplate(template ?? DEFAULT_TEMPLATE_MESSAGE, {
    paciente: firstName(v.patientName),
    profissional: v.professionalName,
    questionario: v.quizTitle,
    link: v.link,
    pin,
  });
}
