import type { Ref } from 'react';
import type { WhatsAppTemplate } from '@acompanha/api-client';
import { InlineAlert, Radio, RadioGroup, Stack } from '@acompanha/ui';

/**
 * WhatsApp's 24-hour rule: clients who have not written in 24 hours only receive an approved template, chosen
 * here for everyone who receives by WhatsApp. `ref` takes the focus when a send is refused for want of one.
 */
export function TemplateChoice({
  ref,
  outside,
  urgent,
  invalid,
  templates,
  value,
  onChange,
}: {
  ref: Ref<HTMLDivElement>;
  /** Clients outside the 24-hour window. */
  outside: number;
  /** A send was refused (or tried) without a template. */
  urgent: boolean;
  invalid: boolean;
  templates: WhatsAppTemplate[];
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  return (
    <div ref={ref} tabIndex={-1} css={{ outline: 'none' }}>
      <InlineAlert tone={urgent ? 'danger' : 'warning'} title="O WhatsApp pede um modelo aprovado">
        <Stack gap={3}>
          <span>
            {outside === 1
              ? '1 cliente não escreveu para você pelo WhatsApp nas últimas 24 horas.'
              : `${outside} clientes não escreveram para você pelo WhatsApp nas últimas 24 horas.`}{' '}
            Para quem não escreveu em 24 horas, o WhatsApp só aceita modelos aprovados. Escolha um modelo: ele vale para
            todos que recebem pelo WhatsApp.
          </span>
          <RadioGroup
            label="Modelo do WhatsApp"
            value={value ?? ''}
            onChange={(v) => onChange(v || null)}
            isInvalid={invalid}
            errorMessage="Escolha um modelo para enviar pelo WhatsApp."
          >
            {templates.map((t) => (
              <Radio
                key={t.name}
                value={t.name}
                description={t.body
                  .replace('{{1}}', '[nome do cliente]')
                  .replace('{{2}}', '[seu nome]')
                  .replace('{{3}}', '[sua mensagem]')}
              >
                {t.label}
              </Radio>
            ))}
          </RadioGroup>
        </Stack>
      </InlineAlert>
    </div>
  );
}
