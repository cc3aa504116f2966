import { describe, expect, it } from 'vitest';
import { WhatsAppCloudProvider } from './whatsapp.js';

describe('WhatsApp Cloud API: an approved template', () => {
  it('goes as a template with its body parameters, each on one line', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const provider = new WhatsAppCloudProvider(
      {
        token: 'segredo',
        phoneNumberId: '123',
        apiUrl: 'https://graph.example/v21.0',
        templateLanguage: 'pt_BR',
        timeoutMs: 1000,
      },
      (async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ messages: [{ id: 'wamid.template-1' }] });
      }) as typeof fetch,
    );
    const res = await provider.sendTemplate('+55 11 98765-0001', {
      name: 'acompanha_mensagem',
      params: ['Bia', 'Ana Lima', 'Oi, Bia!\nLembre   de beber água.'],
    });
    expect(res).toEqual({ providerMessageId: 'wamid.template-1' });
    expect(sent).toEqual([
      {
        url: 'https://graph.example/v21.0/123/messages',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5511987650001',
          type: 'template',
          template: {
            name: 'acompanha_mensagem',
            language: { code: 'pt_BR' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Bia' },
                  { type: 'text', text: 'Ana Lima' },
                  { type: 'text', text: 'Oi, Bia! Lembre de beber água.' },
                ],
              },
            ],
          },
        },
      },
    ]);
  });
});
