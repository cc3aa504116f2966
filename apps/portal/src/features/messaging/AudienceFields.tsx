import type { Dispatch, SetStateAction } from 'react';
import type { ComposeMessageData, PatientStatus, Service, ServiceModality } from '@acompanha/api-client';
import { Radio, RadioGroup, Select, SelectItem } from '@acompanha/ui';
import { MODALITIES, MODALITY_LABELS } from '../clients/labels';

/** A client chosen on another screen (the clients list's selection, a profile). */
export interface ChosenClient {
  id: string;
  name: string;
}

export type AudienceKind = 'selection' | 'filter';

export interface Filters {
  status: PatientStatus | 'all';
  serviceModality: ServiceModality | 'all';
  serviceId: string;
}

/** The audience the API takes: the chosen clients, or the filters (those left at "all" are left out). */
export function audienceOf(
  kind: AudienceKind,
  chosen: ChosenClient[],
  filters: Filters,
): ComposeMessageData['body']['audience'] {
  if (kind === 'selection') return { kind: 'patients', patientIds: chosen.map((c) => c.id) };
  return {
    kind: 'filter',
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.serviceModality !== 'all' ? { serviceModality: filters.serviceModality } : {}),
    ...(filters.serviceId !== 'all' ? { serviceId: filters.serviceId } : {}),
  };
}

const names = (chosen: ChosenClient[]) =>
  chosen.length <= 5
    ? chosen.map((c) => c.name).join(', ')
    : `${chosen
        .slice(0, 4)
        .map((c) => c.name)
        .join(', ')} e mais ${chosen.length - 4}`;

/** Who receives the message: the selection brought in, or everyone matching the client filters. */
export function AudienceFields({
  chosen,
  kind,
  onKindChange,
  filters,
  onFiltersChange,
  services,
}: {
  chosen: ChosenClient[];
  kind: AudienceKind;
  onKindChange: (kind: AudienceKind) => void;
  filters: Filters;
  onFiltersChange: Dispatch<SetStateAction<Filters>>;
  services: Pick<Service, 'id' | 'name'>[];
}) {
  return (
    <>
      <RadioGroup label="Destinatários" value={kind} onChange={(v) => onKindChange(v as 'selection' | 'filter')}>
        {chosen.length ? (
          <Radio
            value="selection"
            description={names(chosen)}
          >{`${chosen.length === 1 ? '1 cliente selecionado' : `${chosen.length} clientes selecionados`}`}</Radio>
        ) : null}
        <Radio value="filter">Todos os clientes que atendem aos filtros</Radio>
      </RadioGroup>
      {kind === 'filter' ? (
        <div
          role="group"
          aria-label="Filtros dos destinatários"
          css={{
            display: 'grid',
            gap: 'var(--space-3)',
            gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
          }}
        >
          <Select
            label="Situação"
            selectedKey={filters.status}
            onSelectionChange={(k) => onFiltersChange((f) => ({ ...f, status: k as Filters['status'] }))}
          >
            <SelectItem id="all">Todos</SelectItem>
            <SelectItem id="active">Ativos</SelectItem>
            <SelectItem id="inactive">Inativos</SelectItem>
          </Select>
          <Select
            label="Modalidade"
            selectedKey={filters.serviceModality}
            onSelectionChange={(k) =>
              onFiltersChange((f) => ({ ...f, serviceModality: k as Filters['serviceModality'] }))
            }
          >
            {[
              <SelectItem key="all" id="all">
                Todas
              </SelectItem>,
              ...MODALITIES.map((m) => (
                <SelectItem key={m} id={m}>
                  {MODALITY_LABELS[m]}
                </SelectItem>
              )),
            ]}
          </Select>
          <Select
            label="Serviço"
            selectedKey={filters.serviceId}
            onSelectionChange={(k) => onFiltersChange((f) => ({ ...f, serviceId: String(k) }))}
          >
            {[
              <SelectItem key="all" id="all">
                Todos
              </SelectItem>,
              ...services.map((s) => (
                <SelectItem key={s.id} id={s.id}>
                  {s.name}
                </SelectItem>
              )),
            ]}
          </Select>
        </div>
      ) : null}
    </>
  );
}
