import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createCategoryMutation,
  deleteCategoryMutation,
  listCategoriesOptions,
  updateCategoryMutation,
  type Category,
  createCategoryLimits,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Form,
  IconButton,
  Modal,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Text,
  TextField,
  toastQueue,
  VisuallyHidden,
} from '@acompanha/ui';
import { refreshAfter } from '../../lib/refresh';

/** Category colours offered to the professional, all readable as a chip with white text. */
export const CATEGORY_COLORS = [
  { id: '#2563EB', name: 'Azul' },
  { id: '#15803D', name: 'Verde' },
  { id: '#B45309', name: 'Âmbar' },
  { id: '#B91C1C', name: 'Vermelho' },
  { id: '#7E22CE', name: 'Roxo' },
  { id: '#0E7490', name: 'Ciano' },
  { id: '#BE185D', name: 'Rosa' },
  { id: '#374151', name: 'Cinza' },
] as const;

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      css={{ display: 'inline-block', width: 14, height: 14, borderRadius: 4, background: color, flex: 'none' }}
    />
  );
}

/** Create, rename, recolour and delete the professional's own categories; default ones are read-only. */
export function CategoriesDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const categories = useQuery({ ...listCategoriesOptions(), enabled: isOpen });
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(CATEGORY_COLORS[0].id);
  const [editing, setEditing] = useState<Category | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = () => refreshAfter(queryClient, 'questionBankChanged');
  const create = useMutation({ ...createCategoryMutation(), onSuccess: refresh });
  const update = useMutation({ ...updateCategoryMutation(), onSuccess: refresh });
  const remove = useMutation({ ...deleteCategoryMutation(), onSuccess: refresh });

  function reset() {
    setName('');
    setColor(CATEGORY_COLORS[0].id);
    setEditing(null);
    setErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { name: name.trim(), color };
    const onError = (raw: unknown) => {
      const e = asApiError(raw);
      if (e.code === 'WRONG_COMMAND_PARAMETERS') setErrors(e.fieldErrors());
    };
    if (editing) {
      update.mutate(
        { path: { id: editing.id }, body },
        { onSuccess: () => (toastQueue.add({ tone: 'success', title: 'Categoria atualizada.' }), reset()), onError },
      );
    } else {
      create.mutate(
        { body },
        { onSuccess: () => (toastQueue.add({ tone: 'success', title: 'Categoria criada.' }), reset()), onError },
      );
    }
  }

  const own = (categories.data ?? []).filter((c) => !c.isDefault);
  const defaults = (categories.data ?? []).filter((c) => c.isDefault);

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (reset(), onOpenChange(open))}
      title="Categorias"
      size="lg"
      isDismissable
    >
      <Stack gap={5}>
        <Form
          onSubmit={onSubmit}
          validationErrors={errors}
          aria-label={editing ? 'Editar categoria' : 'Nova categoria'}
        >
          <Stack direction="row" gap={3} align="end" wrap>
            <TextField
              label={editing ? 'Novo nome' : 'Nova categoria'}
              maxLength={createCategoryLimits.name.maxLength}
              name="name"
              isRequired
              value={name}
              onChange={setName}
              errorMessage="Informe o nome."
            />
            <Select
              label="Cor"
              selectedKey={color}
              onSelectionChange={(k) => setColor(String(k))}
              items={CATEGORY_COLORS}
            >
              {(c) => (
                <SelectItem id={c.id} textValue={c.name}>
                  <Stack direction="row" gap={2} align="center">
                    <Swatch color={c.id} />
                    {c.name}
                  </Stack>
                </SelectItem>
              )}
            </Select>
            <Button type="submit" isPending={create.isPending || update.isPending}>
              {editing ? 'Salvar' : 'Adicionar'}
            </Button>
            {editing ? (
              <Button variant="ghost" onPress={reset}>
                Cancelar
              </Button>
            ) : null}
          </Stack>
        </Form>

        {categories.isPending ? <Spinner label="Carregando categorias" /> : null}
        <Stack gap={2} as="ul" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {own.length === 0 && !categories.isPending ? (
            <Text variant="muted">Você ainda não criou categorias.</Text>
          ) : null}
          {own.map((c) => (
            <li key={c.id}>
              <Stack direction="row" gap={3} align="center" justify="space-between">
                <Stack direction="row" gap={2} align="center">
                  <Swatch color={c.color} />
                  <Text>{c.name}</Text>
                  <Text variant="small">{c.questionCount === 1 ? '1 pergunta' : `${c.questionCount} perguntas`}</Text>
                </Stack>
                <Stack direction="row" gap={1}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onPress={() => {
                      setEditing(c);
                      setName(c.name);
                      setColor(c.color);
                    }}
                  >
                    Editar <VisuallyHidden>{c.name}</VisuallyHidden>
                  </Button>
                  <IconButton
                    aria-label={`Excluir ${c.name}`}
                    variant="ghost"
                    icon={<span aria-hidden="true">✕</span>}
                    onPress={() =>
                      remove.mutate(
                        { path: { id: c.id } },
                        { onSuccess: () => toastQueue.add({ tone: 'success', title: 'Categoria excluída.' }) },
                      )
                    }
                  />
                </Stack>
              </Stack>
            </li>
          ))}
        </Stack>
        {defaults.length ? (
          <Stack gap={2}>
            <Text variant="muted">Categorias da biblioteca padrão (não podem ser alteradas):</Text>
            <Stack direction="row" gap={2} wrap>
              {defaults.map((c) => (
                <Badge key={c.id} tone="neutral">
                  {c.name}
                </Badge>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
