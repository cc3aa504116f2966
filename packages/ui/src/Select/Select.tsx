import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Header,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type ListBoxItemProps,
  type ListBoxSectionProps,
  type SelectProps as AriaSelectProps,
  type ValidationResult,
} from 'react-aria-components';
import { IconCheck, IconChevronDown } from '../Icon';
import { fieldStyles } from '../TextField/fieldStyles';
import { listBoxItemStyles, listBoxStyles, popoverStyles, sectionHeaderStyles } from './listBoxStyles';
import { FieldLabel } from '../TextField/FieldLabel';

const triggerStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  width: 100%;
  min-height: 40px;
  padding: 0 var(--space-2) 0 var(--space-3);
  background: var(--color-surface);
  color: var(--color-text);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius-md);
  font-size: var(--font-size-md);
  text-align: left;
  cursor: pointer;
  outline: none;
  transition: border-color var(--duration-fast) var(--easing-standard);
  & .select-value {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & .select-value[data-placeholder] {
    color: var(--color-text-muted);
  }
  & .select-chevron {
    flex: none;
    color: var(--color-text-muted);
    transition: transform var(--duration-fast) var(--easing-standard);
  }
  &[data-focus-visible] {
    border-color: var(--color-focus);
    outline: 2px solid var(--color-focus);
    outline-offset: -1px;
  }
  &[data-pressed] .select-chevron {
    transform: rotate(180deg);
  }
`;

const selectStyles = css`
  ${fieldStyles};
  &[data-invalid] .select-trigger {
    border-color: var(--color-danger);
  }
  &[data-invalid] .select-trigger[data-focus-visible] {
    outline-color: var(--color-danger);
  }
  &[data-disabled] .select-trigger {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children' | 'selectionMode'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * Message when the field is invalid.
   * @default 'Selecione uma opção.' for a required select
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /**
   * Text shown while nothing is selected.
   * @default 'Selecione'
   */
  placeholder?: string;
  /** Options, as `SelectItem`s or a render function over `items`. */
  children: ReactNode | ((item: T) => ReactNode);
  /** Options as data; pair with a render function in `children`. */
  items?: Iterable<T>;
}

/** Pick one option from a list (RAC Select). Use `value`/`onChange` with the options' `id`s. */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  placeholder = 'Selecione',
  children,
  items,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect {...props} isInvalid={props.isInvalid || undefined} placeholder={placeholder} css={selectStyles}>
      {({ isRequired }) => (
        <>
          <FieldLabel label={label} isRequired={isRequired} />
          <Button className="select-trigger" css={triggerStyles}>
            <SelectValue className="select-value">
              {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}
            </SelectValue>
            <IconChevronDown className="select-chevron" size={18} />
          </Button>
          {description && <Text slot="description">{description}</Text>}
          <FieldError className="field-error">
            {(v) =>
              (typeof errorMessage === 'function' ? errorMessage(v) : errorMessage) ||
              (v.validationDetails.valueMissing ? 'Selecione uma opção.' : v.validationErrors.join(' '))
            }
          </FieldError>
          <Popover css={popoverStyles} offset={4}>
            <ListBox items={items} css={listBoxStyles}>
              {children}
            </ListBox>
          </Popover>
        </>
      )}
    </AriaSelect>
  );
}

export interface SelectItemProps extends Omit<ListBoxItemProps, 'children'> {
  children: ReactNode;
  /** Secondary line under the option's text. */
  description?: ReactNode;
}

/** An option of `Select` or `ComboBox`. Give it an `id`; `textValue` when `children` is not plain text. */
export function SelectItem({ children, description, ...props }: SelectItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem {...props} textValue={textValue} css={listBoxItemStyles}>
      {({ isSelected }) => (
        <>
          <span css={{ minWidth: 0 }}>
            {/* Plain spans, not label/description slots: axe wants all visible text in the option's name. */}
            <span className="item-label">{children}</span>
            {description && <span className="item-description">{description}</span>}
          </span>
          {isSelected && <IconCheck className="item-check" size={18} />}
        </>
      )}
    </ListBoxItem>
  );
}

export interface SelectSectionProps<T extends object> extends Omit<ListBoxSectionProps<T>, 'children'> {
  /** Section heading. */
  title: ReactNode;
  children: ReactNode;
}

/** A titled group of options. */
export function SelectSection<T extends object>({ title, children, ...props }: SelectSectionProps<T>) {
  return (
    <ListBoxSection {...props}>
      <Header css={sectionHeaderStyles}>{title}</Header>
      {children}
    </ListBoxSection>
  );
}
