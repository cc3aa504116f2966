/** The channels a quiz link goes through. Each one throws DeliveryError when it fails. */
import type { NOTIFICATION_CHANNELS } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { quizLinkEmail } from '../mail/templates.js';
import { DeliveryError } from './errors.js';
import type { WhatsAppProvider } from './whatsapp.js';

export type ChannelName = (typeof NOTIFICATION_CHANNELS)[number];

export interface QuizLinkMessage {
  patientEmail: string | null;
  /** E.164. */
  patientPhone: string | null;
  professionalName: string;
  quizTitle: string;
  link: string;
  pin: string;
  /** The rendered template message (with the PIN). */
  text: string;
}

export interface Channel {
  readonly name: ChannelName;
  send(message: QuizLinkMessage): Promise<{ providerMessageId: string | null }>;
}

export type Channels = Record<ChannelName, Channel>;

export class EmailChannel implements Channel {
  readonly name = 'email';
  constructor(private readonly mailer: Mailer) {}

  async send(m: QuizLinkMessage) {
    if (!m.patientEmail)
      throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'O cliente não tem e-mail cadastrado.', {
        permanent: true,
      });
    try {
      await this.mailer.send(
        quizLinkEmail(m.patientEmail, {
          professionalName: m.professionalName,
          quizTitle: m.quizTitle,
          message: m.text,
          link: m.link,
          pin: m.pin,
        }),
      );
    } catch (err) {
      if (err instanceof DeliveryError) throw err;
      throw new DeliveryError(
        'NOTIFICATION_CHANNEL_ERROR',
        `Não foi possível enviar o e-mail (${(err as Error).message}).`,
      );
    }
    return { providerMessageId: null };
  }
}

export class WhatsAppChannel implements Channel {
  readonly name = 'whatsapp';
  constructor(private readonly provider: WhatsAppProvider) {}

  async send(m: QuizLinkMessage) {
    if (!m.patientPhone)
      throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'O cliente não tem telefone cadastrado.', {
        permanent: true,
      });
    try {
      return await this.provider.send(m.patientPhone, m.text);
    } catch (err) {
      if (err instanceof DeliveryError) throw err;
      throw new DeliveryError(
        'WHATSAPP_INTEGRATION_ERROR',
        `Não foi possível enviar pelo WhatsApp (${(err as Error).message}).`,
      );
    }
  }
}

export function createChannels(mailer: Mailer, whatsapp: WhatsAppProvider): Channels {
  return { email: new EmailChannel(mailer), whatsapp: new WhatsAppChannel(whatsapp) };
}
