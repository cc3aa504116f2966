import { NumberField, type NumberFieldProps } from '../NumberField/NumberField';

export interface CurrencyFieldProps extends Omit<
  NumberFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'step' | 'decimals' | 'currency' | 'validate'
> {
  /** Amount in integer cents (`123456` is `R$ 1.234,56`); `null` when empty. */
  value?: number | null;
  /** Initial amount in integer cents. */
  defaultValue?: number | null;
  /**
   * Called with the amount in integer cents as she types, or `null` when the field is empty or not an
   * amount. A negative amount is passed as typed (never flipped) and the field refuses it.
   */
  onChange?: (cents: number | null) => void;
  /**
   * Smallest amount in cents.
   * @default 0
   */
  minValue?: number;
  /**
   * Largest amount in cents (the API's limit).
   * @default 100_000_000
   */
  maxValue?: number;
  /**
   * Hides the − / + buttons (money is typed, rarely stepped).
   * @default true
   */
  hideStepper?: boolean;
  /** A rule of the caller's on the amount in cents, after the field's own. */
  validate?: (cents: number | null) => string | null | undefined;
}

const toReais = (cents: number | null | undefined) => (cents == null ? cents : cents / 100);
const toCents = (reais: number | null) => (reais === null ? null : Math.round(reais * 100));

/** Brazilian money input: `R$ 1.234,56`, reads and writes integer cents; refuses what it cannot keep exactly. */
export function CurrencyField({
  value,
  defaultValue,
  onChange,
  minValue = 0,
  maxValue = 100_000_000,
  hideStepper = true,
  validate,
  ...props
}: CurrencyFieldProps) {
  return (
    <NumberField
      {...props}
      currency
      hideStepper={hideStepper}
      value={toReais(value)}
      defaultValue={toReais(defaultValue)}
      minValue={minValue / 100}
      maxValue={maxValue / 100}
      onChange={(reais) => onChange?.(toCents(reais))}
      validate={validate ? (reais) => validate(toCents(reais)) : undefined}
    />
  );
}
