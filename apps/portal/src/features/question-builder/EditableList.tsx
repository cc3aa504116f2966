import type { ReactNode } from 'react';
import {
  Button,
  IconButton,
  IconChevronDown,
  IconClose,
  IconPlus,
  InlineAlert,
  Stack,
  Text,
  TextField,
} from '@acompanha/ui';
import type { FieldErrors } from './builderState';

export interface ListItem {
  id: string;
  text: string;
}

export interface EditableListProps {
  /** Accessible name of the list, e.g. 'Alternativas'. */
  label: string;
  items: ListItem[];
  /** Label of the i-th field, e.g. 'Alternativa 1'. */
  itemLabel: (index: number) => string;
  /** 'Adicionar alternativa'. */
  addLabel: string;
  min: number;
  max: number;
  /** Field path of the list (`config.alternatives`); item errors are `${path}.${i}.${field}`. */
  path: string;
  /** The item's text field in the API (`label` or `text`). */
  field: 'label' | 'text';
  /** The most characters an item's text takes (the API's limit). */
  itemMaxLength: number;
  errors: FieldErrors;
  /** Shows up/down buttons. */
  isMovable?: boolean;
  isReadOnly?: boolean;
  onTextChange: (index: number, text: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove?: (from: number, to: number) => void;
  /** More controls under an item (the alternative's sub-questions). */
  renderExtra?: (item: ListItem, index: number) => ReactNode;
}

/** How an item is named by its buttons: by its text when it has one (“Sim”), else by its position. */
function itemName(item: ListItem, index: number, itemLabel: (i: number) => string) {
  return item.text.trim() ? `“${item.text.trim()}”` : itemLabel(index).toLocaleLowerCase('pt-BR');
}

/** An ordered list of short texts: add, remove, reorder with buttons (keyboard and screen readers). */
export function EditableList({
  label,
  items,
  itemLabel,
  addLabel,
  min,
  max,
  path,
  field,
  itemMaxLength,
  errors,
  isMovable = false,
  isReadOnly = false,
  onTextChange,
  onAdd,
  onRemove,
  onMove,
  renderExtra,
}: EditableListProps) {
  // Moving re-inserts the row in the DOM, which drops the focus: give it back to the same button,
  // or to the other direction when the row reached the end of the list.
  function move(from: number, to: number, id: string, direction: 'up' | 'down') {
    onMove?.(from, to);
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(`[data-move="${direction}-${id}"]:not([disabled])`);
      const other = document.querySelector<HTMLButtonElement>(
        `[data-move="${direction === 'up' ? 'down' : 'up'}-${id}"]`,
      );
      (same ?? other)?.focus();
    });
  }

  const listError = errors[path];
  return (
    <Stack gap={3}>
      <Stack gap={3} as="ol" aria-label={label} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, i) => {
          const name = itemName(item, i, itemLabel);
          const error = errors[`${path}.${i}.${field}`];
          return (
            <li key={item.id}>
              <Stack gap={2}>
                <Stack direction="row" gap={1} align="end">
                  <div css={{ flex: 1, minWidth: 0 }}>
                    <TextField
                      label={itemLabel(i)}
                      maxLength={itemMaxLength}
                      value={item.text}
                      onChange={(text) => onTextChange(i, text)}
                      isReadOnly={isReadOnly}
                      isInvalid={!!error}
                      errorMessage={error}
                    />
                  </div>
                  {!isReadOnly ? (
                    <Stack direction="row" gap={0} css={{ paddingBottom: error ? 28 : 0 }}>
                      {isMovable ? (
                        <>
                          <IconButton
                            aria-label={`Mover ${name} para cima`}
                            data-move={`up-${item.id}`}
                            icon={<IconChevronDown css={{ transform: 'rotate(180deg)' }} />}
                            isDisabled={i === 0}
                            onPress={() => move(i, i - 1, item.id, 'up')}
                          />
                          <IconButton
                            aria-label={`Mover ${name} para baixo`}
                            data-move={`down-${item.id}`}
                            icon={<IconChevronDown />}
                            isDisabled={i === items.length - 1}
                            onPress={() => move(i, i + 1, item.id, 'down')}
                          />
                        </>
                      ) : null}
                      <IconButton
                        aria-label={`Remover ${name}`}
                        icon={<IconClose />}
                        isDisabled={items.length <= min}
                        onPress={() => onRemove(i)}
                      />
                    </Stack>
                  ) : null}
                </Stack>
                {renderExtra?.(item, i)}
              </Stack>
            </li>
          );
        })}
      </Stack>
      {listError ? <InlineAlert tone="danger">{listError}</InlineAlert> : null}
      {!isReadOnly ? (
        <Stack direction="row" gap={3} align="center" wrap>
          <Button variant="secondary" size="sm" onPress={onAdd} isDisabled={items.length >= max}>
            <IconPlus size={16} /> {addLabel}
          </Button>
          <Text variant="small">
            De {min} a {max}.
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
