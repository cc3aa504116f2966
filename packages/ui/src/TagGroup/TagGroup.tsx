import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  Button,
  I18nProvider,
  Label,
  Tag as AriaTag,
  TagGroup as AriaTagGroup,
  TagList,
  Text,
  type TagGroupProps as AriaTagGroupProps,
  type TagListProps,
  type TagProps as AriaTagProps,
} from 'react-aria-components';
import { IconClose } from '../Icon';
import { fieldStyles } from '../TextField/fieldStyles';

const tagListStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  outline: none;
  & [data-empty-message] {
    color: var(--color-text-muted);
    font-size: var(--font-size-sm);
  }
`;

const tagStyles = css`
  display: inline-flex;
  align-items: center;
  gap: var(--space-1);
  min-height: 28px;
  padding: 0 var(--space-3);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius-full);
  background: var(--color-surface);
  color: var(--color-text);
  font-size: var(--font-size-sm);
  cursor: default;
  outline: none;
  &[data-allows-removing] {
    padding-right: var(--space-1);
  }
  &[data-href],
  &[data-selection-mode] {
    cursor: pointer;
  }
  &[data-hovered] {
    background: var(--color-surface-muted);
  }
  &[data-selected] {
    background: var(--color-action-bg);
    border-color: var(--color-action-bg);
    color: var(--color-action-text);
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
  &[data-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  & .tag-remove {
    display: grid;
    place-items: center;
    width: 20px;
    height: 20px;
    padding: 0;
    border: none;
    border-radius: var(--radius-full);
    background: transparent;
    color: inherit;
    cursor: pointer;
    outline: none;
    &[data-hovered] {
      background: var(--color-surface-muted);
      color: var(--color-text);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
    }
  }
`;

export interface TagGroupProps<T extends object>
  extends Omit<AriaTagGroupProps, 'children'>, Pick<TagListProps<T>, 'items' | 'children'> {
  /** Visible label (also the accessible name); without it pass `aria-label`. */
  label?: ReactNode;
  /** Help text under the tags. */
  description?: ReactNode;
  /**
   * Shown when there are no tags.
   * @default 'Nenhum filtro aplicado.'
   */
  emptyMessage?: ReactNode;
}

/**
 * A set of tags, e.g. the active filters of a list. With `onRemove` each tag gets a remove
 * button, and Backspace/Delete removes the focused tag. Arrow keys move between tags.
 */
export function TagGroup<T extends object>({
  label,
  description,
  emptyMessage = 'Nenhum filtro aplicado.',
  items,
  children,
  ...props
}: TagGroupProps<T>) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaTagGroup {...props} css={fieldStyles}>
        {label && <Label>{label}</Label>}
        <TagList
          items={items}
          css={tagListStyles}
          renderEmptyState={() => <span data-empty-message>{emptyMessage}</span>}
        >
          {children}
        </TagList>
        {description && <Text slot="description">{description}</Text>}
      </AriaTagGroup>
    </I18nProvider>
  );
}

export interface TagProps extends Omit<AriaTagProps, 'children'> {
  children: ReactNode;
}

/** One tag. Give it an `id`; `textValue` when `children` is not plain text. */
export function Tag({ children, ...props }: TagProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaTag {...props} textValue={textValue} css={tagStyles}>
      {({ allowsRemoving }) => (
        <>
          {children}
          {allowsRemoving && (
            <Button slot="remove" className="tag-remove">
              <IconClose size={14} />
            </Button>
          )}
        </>
      )}
    </AriaTag>
  );
}
