/** What each recipient reads: the template variables, WhatsApp's approved templates, the preview's sample. */
import type { z } from 'zod';
import { AppError, errors } from '../errors/app-error.js';
import type { Recipient } from './recipients.js';
import type { ComposeMessageBody } from './schemas.js';
import { renderTemplate, templateNamed } from './templates.js';

type Compose = z.infer<typeof ComposeMessageBody>;

const VARIABLES = new Set(['paciente', 'profissional']);

/** `{{paciente}}` and `{{profissional}}` replaced; any other variable is refused. */
export function checkVariables(body: string): void {
  const unknown = [...body.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!).filter((v) => !VARIABLES.has(v));
  if (unknown.length > 0) {
    throw new AppError(
      400,
      'WRONG_TEMPLATE_VARIABLES',
      `A mensagem usa ${unknown.length === 1 ? 'uma variável que não existe' : 'variáveis que não existem'}: ${unknown.map((v) => `{{${v}}}`).join(', ')}. Use {{paciente}} ou {{profissional}}.`,
      { variables: unknown },
    );
  }
}

export const renderBody = (body: string, vars: { paciente: string; profissional: string }) =>
  body.replace(/\{\{\s*(paciente|profissional)\s*\}\}/g, (_, v: 'paciente' | 'profissional') => vars[v]);

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/** What a recipient reads, by her channel (the template wraps the text on WhatsApp when one is chosen). */
export function textFor(r: Recipient, body: string, proName: string, template: string | null | undefined): string {
  const text = renderBody(body, { paciente: firstName(r.name), profissional: proName });
  const t = template ? templateNamed(template) : undefined;
  if (r.channel === 'whatsapp' && t) return renderTemplate(t, [firstName(r.name), proName, text]);
  return text;
}

export function checkTemplate(template: string | null | undefined) {
  if (template && !templateNamed(template)) {
    throw errors.field(['template'], 'Modelo de WhatsApp desconhecido. Escolha um dos modelos aprovados.');
  }
}

/**
 * The sample the preview shows: a WhatsApp recipient's text when there is one (with a template it reads
 * differently from the e-mail), else an e-mail recipient's, else anyone's — the same one whatever order
 * the database returns them in (by name within a channel).
 */
export function sampleOf(recipients: Recipient[], body: Compose, proName: string): string {
  const rank = (r: Recipient) => (r.channel === 'whatsapp' ? 0 : r.channel === 'email' ? 1 : 2);
  const first = [...recipients].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'pt-BR'))[0];
  return first ? textFor(first, body.body, proName, body.template) : '';
}
