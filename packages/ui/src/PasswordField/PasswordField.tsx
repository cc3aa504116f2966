import { useState } from 'react';
import { IconEye, IconEyeOff } from '../Icon';
import { IconButton } from '../IconButton/IconButton';
import { TextField, type TextFieldProps } from '../TextField/TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      autoComplete={autoComplete}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={isVisible ? 'Ocultar senha' : 'Mostrar senha'}
          icon={isVisible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
          isDisabled={props.isDisabled}
          onPress={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
