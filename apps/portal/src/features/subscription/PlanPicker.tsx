import { useQuery } from '@tanstack/react-query';
import type { PlanId } from '@acompanha/api-client';
import { Radio, RadioGroup, Spinner } from '@acompanha/ui';
import { formatBRL } from '../../lib/format';
import { plansOptions } from './queries';

export interface PlanPickerProps {
  value: PlanId;
  onChange: (plan: PlanId) => void;
}

/** Monthly or yearly, with the prices of `GET /app-services` and what the yearly plan saves. */
export function PlanPicker({ value, onChange }: PlanPickerProps) {
  const { data } = useQuery(plansOptions());
  if (!data) return <Spinner label="Carregando planos" />;
  return (
    <RadioGroup label="Plano" value={value} onChange={(v) => onChange(v as PlanId)} isRequired>
      {data.items.map((plan) => (
        <Radio
          key={plan.id}
          value={plan.id}
          description={
            plan.savingCents > 0
              ? `${formatBRL(plan.priceCents)} por ano: você economiza ${formatBRL(plan.savingCents)}.`
              : `${formatBRL(plan.priceCents)} por mês. Cancele quando quiser.`
          }
        >
          {plan.name}: {formatBRL(plan.priceCents)}
          {plan.cycle === 'YEARLY' ? '/ano' : '/mês'}
        </Radio>
      ))}
    </RadioGroup>
  );
}
