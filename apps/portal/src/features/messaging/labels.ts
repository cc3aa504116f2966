import type { ChatMessageStatus, MessagePreview } from '@acompanha/api-client';
import { ERROR_MESSAGES } from '@acompanha/api-client';
import { plural } from '../../lib/format';

/** How a message's state reads, with its badge tone. */
export const MESSAGE_STATUS: Record<
  ChatMessageStatus,
  { label: string; tone: 'neutral' | 'info' | 'success' | 'danger' }
> = {
  queued: { label: 'Na fila', tone: 'neutral' },
  sent: { label: 'Enviada', tone: 'info' },
  delivered: { label: 'Entregue', tone: 'info' },
  read: { label: 'Lida', tone: 'success' },
  failed: { label: 'Falhou', tone: 'danger' },
};

export const CHANNEL_LABEL = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;

/** Why a message failed: the server's sentence, else the catalogue's for its code. */
export function failureSentence(m: { error: string | null; errorCode: keyof typeof ERROR_MESSAGES | null }): string {
  return m.error ?? (m.errorCode ? ERROR_MESSAGES[m.errorCode] : 'Não foi possível enviar.');
}

/** "12 clientes: 8 por WhatsApp, 3 por e-mail, 1 sem contato". */
export function previewCounts(p: MessagePreview): string {
  const parts = [
    p.whatsapp ? `${p.whatsapp} por WhatsApp` : null,
    p.email ? `${p.email} por e-mail` : null,
    p.withoutContact ? `${p.withoutContact} sem contato` : null,
  ].filter(Boolean);
  return `${plural(p.total, 'cliente', 'clientes')}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** The variables a message may use (the API refuses any other). */
export const MESSAGE_VARIABLES = [
  { name: 'paciente', description: 'primeiro nome do cliente' },
  { name: 'profissional', description: 'o seu nome' },
] as const;

/** Variables in a text that the API does not know. */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(MESSAGE_VARIABLES.map((v) => v.name));
  return [...new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1] ?? ''))].filter(
    (v) => !known.has(v),
  );
}
