import { useId } from 'react';
import type { PublicEvent, WebhookEventType } from '@acompanha/api-client';
import { Checkbox, InlineAlert, Stack, Text } from '@acompanha/ui';

/** The catalogue by group, in the order the API lists it (a group first seen first). */
export function groupEvents(events: PublicEvent[]): { label: string; events: PublicEvent[] }[] {
  const groups = new Map<string, PublicEvent[]>();
  for (const e of events) groups.set(e.groupLabel, [...(groups.get(e.groupLabel) ?? []), e]);
  return [...groups].map(([label, items]) => ({ label, events: items }));
}

export interface EventPickerProps {
  catalogue: PublicEvent[];
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  /** The events' error (none chosen), under the picker. */
  error?: string;
}

/** The events an endpoint receives: one checkbox per event, grouped, each group with "Selecionar todos". */
export function EventPicker({ catalogue, value, onChange, error }: EventPickerProps) {
  const labelId = useId();
  const errorId = useId();
  const chosen = new Set(value);
  const setMany = (types: WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const t of types)
      if (on) next.add(t);
      else next.delete(t);
    // Kept in the catalogue's order, whatever the order of the clicks.
    onChange(catalogue.map((e) => e.type).filter((t) => next.has(t)));
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <Stack gap={3}>
        <Stack gap={1}>
          <Text as="span" id={labelId} css={{ fontWeight: 600 }}>
            Eventos
          </Text>
          <Text variant="small">
            {value.length === 0
              ? 'Escolha o que será enviado para este endereço.'
              : value.length === 1
                ? '1 evento escolhido.'
                : `${value.length} eventos escolhidos.`}
          </Text>
        </Stack>
        {groupEvents(catalogue).map((group) => {
          const types = group.events.map((e) => e.type);
          const count = types.filter((t) => chosen.has(t)).length;
          return (
            <div
              key={group.label}
              role="group"
              aria-label={group.label}
              css={{
                display: 'grid',
                gap: 'var(--space-2)',
                padding: 'var(--space-3)',
                border: '1px solid var(--color-border)',
                borderRadius: 'var(--radius-md)',
              }}
            >
              <Stack direction="row" gap={3} justify="space-between" align="center" wrap>
                <Text as="span" css={{ fontWeight: 600 }} aria-hidden="true">
                  {group.label}
                </Text>
                <Checkbox
                  aria-label={`Selecionar todos: ${group.label}`}
                  isSelected={count === types.length}
                  isIndeterminate={count > 0 && count < types.length}
                  onChange={(on) => setMany(types, on)}
                >
                  <Text as="span" variant="small">
                    Selecionar todos
                  </Text>
                </Checkbox>
              </Stack>
              {group.events.map((e) => (
                <Checkbox
                  key={e.type}
                  isSelected={chosen.has(e.type)}
                  onChange={(on) => setMany([e.type], on)}
                  description={e.description}
                >
                  {e.label}
                </Checkbox>
              ))}
            </div>
          );
        })}
        {error ? <InlineAlert tone="danger" id={errorId} title={error} /> : null}
      </Stack>
    </div>
  );
}
