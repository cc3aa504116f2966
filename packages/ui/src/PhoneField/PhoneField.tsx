import { useDigits } from '../utils/useDigits';
import { formatPhoneBR, onlyDigits } from '../utils/br';
import { TextField, type TextFieldProps } from '../TextField/TextField';

export interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Digits only: DDD + number, e.g. `11912345678`. */
  value?: string;
  defaultValue?: string;
  /** Called with digits only. */
  onChange?: (digits: string) => void;
}

/**
 * The national digits: a leading +55 that autofill or a pasted number brings is the country code, not part of
 * the number; any other digit is kept (a number too long is said so, never cut).
 */
export function normalizePhoneDigits(text: string): string {
  const digits = onlyDigits(text);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits.slice(2);
  return digits;
}

/** Brazilian phone input, masked as `(11) 91234-5678` while typing; the value is digits only. */
export function PhoneField({
  value,
  defaultValue,
  onChange,
  validate,
  placeholder = '(11) 91234-5678',
  ...props
}: PhoneFieldProps) {
  const [digits, setDigits] = useDigits(value, defaultValue, onChange);
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={placeholder}
      {...props}
      value={formatPhoneBR(digits)}
      onChange={(text) => setDigits(normalizePhoneDigits(text))}
      validate={(text) => {
        const digits = onlyDigits(text);
        if (digits.length > 0 && digits.length < 10) return 'Informe o telefone com DDD, por exemplo (11) 91234-5678.';
        if (digits.length > 11)
          return `O telefone tem ${digits.length} números; com DDD são 10 ou 11, por exemplo (11) 91234-5678.`;
        return validate?.(text);
      }}
    />
  );
}
