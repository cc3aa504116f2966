import { NumberField, type NumberFieldProps } from '../NumberField/NumberField';

export interface CurrencyFieldProps extends Omit<
  NumberFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'formatOptions' | 'minValue' | 'maxValue' | 'step'
> {
  /** Amount in integer cents (`123456` is `R$ 1.234,56`); `null` when empty. */
  value?: number | null;
  /** Initial amount in integer cents. */
  defaultValue?: number | null;
  /** Called with the amount in integer cents, or `null` when the field is cleared. */
  onChange?: (cents: number | null) => void;
  /**
   * Smallest amount in cents.
   * @default 0
   */
  minValue?: number;
  /** Largest amount in cents. */
  maxValue?: number;
  /**
   * Hides the − / + buttons (money is typed, rarely stepped).
   * @default true
   */
  hideStepper?: boolean;
  /**
   * Step in cents. RAC snaps typed values to it, so leave it unset to accept any amount; arrow keys
   * then step R$ 1,00.
   */
  step?: number;
}

const toReais = (cents: number | null | undefined) => (cents == null ? cents : cents / 100);

/** Brazilian money input: shows `R$ 1.234,56`, reads and writes integer cents. */
export function CurrencyField({
  value,
  defaultValue,
  onChange,
  minValue = 0,
  maxValue,
  step,
  hideStepper = true,
  ...props
}: CurrencyFieldProps) {
  return (
    <NumberField
      {...props}
      hideStepper={hideStepper}
      formatOptions={{ style: 'currency', currency: 'BRL' }}
      // RAC treats `null` as "empty" for controlled fields; `undefined` keeps it uncontrolled.
      value={value === undefined ? undefined : (toReais(value) ?? NaN)}
      defaultValue={toReais(defaultValue) ?? undefined}
      minValue={minValue / 100}
      maxValue={maxValue === undefined ? undefined : maxValue / 100}
      step={step === undefined ? undefined : step / 100}
      onChange={(reais) => onChange?.(Number.isNaN(reais) ? null : Math.round(reais * 100))}
    />
  );
}
