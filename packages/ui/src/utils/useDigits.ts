import { useState } from 'react';

/** Controlled-or-uncontrolled digit string for masked fields. */
export function useDigits(
  value: string | undefined,
  defaultValue: string | undefined,
  onChange: ((digits: string) => void) | undefined,
): [string, (digits: string) => void] {
  const [inner, setInner] = useState(defaultValue ?? '');
  const digits = value ?? inner;
  return [
    digits,
    (next) => {
      if (value === undefined) setInner(next);
      onChange?.(next);
    },
  ];
}
