import { useDigits } from '../utils/useDigits';
import { formatCnpj, formatCpf, formatDocument, isValidCnpj, isValidCpf, onlyDigits } from '../utils/br';
import { TextField, type TextFieldProps } from '../TextField/TextField';

export type DocumentKind = 'cpf' | 'cnpj' | 'cpfOrCnpj';

export interface DocumentFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /**
   * Which document is accepted.
   * @default 'cpfOrCnpj'
   */
  kind?: DocumentKind;
  /** Digits only. */
  value?: string;
  defaultValue?: string;
  /** Called with digits only. */
  onChange?: (digits: string) => void;
}

const formatters = { cpf: formatCpf, cnpj: formatCnpj, cpfOrCnpj: formatDocument };

/** Returns a Portuguese error for an invalid CPF/CNPJ, or `undefined` when valid or empty. */
export function documentError(text: string, kind: DocumentKind = 'cpfOrCnpj'): string | undefined {
  const digits = onlyDigits(text);
  if (digits.length === 0) return undefined;
  if (kind !== 'cnpj' && digits.length === 11)
    return isValidCpf(digits) ? undefined : 'CPF inválido. Confira os números.';
  if (kind !== 'cpf' && digits.length === 14)
    return isValidCnpj(digits) ? undefined : 'CNPJ inválido. Confira os números.';
  if (kind === 'cpf') return 'O CPF tem 11 números.';
  if (kind === 'cnpj') return 'O CNPJ tem 14 números.';
  return 'Informe um CPF (11 números) ou um CNPJ (14 números).';
}

/** CPF/CNPJ input, masked while typing (`123.456.789-09`, `12.345.678/0001-95`) with check-digit validation. */
export function DocumentField({
  kind = 'cpfOrCnpj',
  value,
  defaultValue,
  onChange,
  validate,
  ...props
}: DocumentFieldProps) {
  const format = formatters[kind];
  const [digits, setDigits] = useDigits(value, defaultValue, onChange);
  return (
    <TextField
      inputMode="numeric"
      placeholder={kind === 'cnpj' ? '00.000.000/0000-00' : kind === 'cpf' ? '000.000.000-00' : undefined}
      {...props}
      value={format(digits)}
      // Every digit typed or pasted is kept: one too many is said under the field, never cut.
      onChange={(text) => setDigits(onlyDigits(text))}
      validate={(text) => documentError(text, kind) ?? validate?.(text)}
    />
  );
}
