import type { ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  FieldError,
  Group,
  I18nProvider,
  Input,
  ListBox,
  Popover,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
  type ValidationResult,
} from 'react-aria-components';
import { IconChevronDown } from '../Icon';
import { listBoxStyles, popoverStyles } from '../Select/listBoxStyles';
import { resolveErrorMessage } from '../TextField/TextField';
import { fieldStyles, inputGroupStyles } from '../TextField/fieldStyles';
import { FieldLabel } from '../TextField/FieldLabel';

export { SelectItem as ComboBoxItem, SelectSection as ComboBoxSection } from '../Select/Select';

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T>, 'children'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /** Message when the field is invalid; custom errors from `validate` are shown as they come. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /**
   * Shown in the list when nothing matches the text.
   * @default 'Nenhum resultado encontrado.'
   */
  emptyMessage?: ReactNode;
  /**
   * Keeps the list open with `emptyMessage` when nothing matches (instead of closing it).
   * @default true
   */
  allowsEmptyCollection?: boolean;
  /** Options, as `ComboBoxItem`s or a render function over `items`. */
  children: ReactNode | ((item: T) => ReactNode);
}

/** A text field that filters a list of options (e.g. choosing a food or a client among many). */
export function ComboBox<T extends object>({
  label,
  description,
  errorMessage,
  placeholder,
  emptyMessage = 'Nenhum resultado encontrado.',
  allowsEmptyCollection = true,
  children,
  ...props
}: ComboBoxProps<T>) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaComboBox
        {...props}
        isInvalid={props.isInvalid || undefined}
        allowsEmptyCollection={allowsEmptyCollection}
        css={fieldStyles}
      >
        {({ isRequired }) => (
          <>
            <FieldLabel label={label} isRequired={isRequired} />
            <Group css={inputGroupStyles}>
              <Input placeholder={placeholder} />
              <Button
                css={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 32,
                  height: 32,
                  marginRight: 'var(--space-1)',
                  padding: 0,
                  border: 'none',
                  borderRadius: 'var(--radius-sm)',
                  background: 'transparent',
                  color: 'var(--color-text-muted)',
                  cursor: 'pointer',
                  '&[data-hovered]': { background: 'var(--color-surface-muted)' },
                }}
              >
                <IconChevronDown size={18} />
              </Button>
            </Group>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => resolveErrorMessage(v, errorMessage)}</FieldError>
            <Popover css={popoverStyles} offset={4}>
              <ListBox css={listBoxStyles} renderEmptyState={() => <div data-empty-message>{emptyMessage}</div>}>
                {children}
              </ListBox>
            </Popover>
          </>
        )}
      </AriaComboBox>
    </I18nProvider>
  );
}
