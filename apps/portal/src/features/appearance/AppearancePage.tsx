import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Appearance,
  deleteAppearanceMutation,
  listAppearancesOptions,
  setDefaultAppearanceMutation,
} from '@acompanha/api-client';
import { Badge, Button, Card, EmptyState, Modal, Page, Stack, Text, toastQueue, VisuallyHidden } from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { refreshAfter } from '../../lib/refresh';
import { type Draft, emptyDraft, fromAppearance } from './appearanceDraft';
import { AppearanceEditor } from './AppearanceEditor';

export async function appearanceLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...listAppearancesOptions(), staleTime: 'static' }));
  return null;
}

/** `/quizzes/appearance`: how the professional's quizzes look, with a live preview. */
export function AppearancePage() {
  const queryClient = useQueryClient();
  const appearances = useQuery(listAppearancesOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [toDelete, setToDelete] = useState<Appearance | null>(null);

  const list = appearances.data ?? [];
  const refresh = () => refreshAfter(queryClient, 'appearanceChanged');
  const setDefault = useMutation({
    ...setDefaultAppearanceMutation(),
    onSuccess: async (a) => {
      await refresh();
      toastQueue.add({ tone: 'success', title: `“${a.name}” agora é a aparência padrão.` });
    },
  });
  const remove = useMutation({
    ...deleteAppearanceMutation(),
    onSuccess: async () => {
      await refresh();
      setToDelete(null);
      toastQueue.add({ tone: 'success', title: 'Aparência excluída.' });
    },
  });

  return (
    <Page
      title="Aparência dos questionários"
      description="Cores, foto e textos que seus clientes veem ao responder. A aparência padrão vale para todos os questionários sem uma escolhida."
      width="lg"
      actions={
        draft || list.length === 0 ? null : <Button onPress={() => setDraft(emptyDraft())}>Nova aparência</Button>
      }
    >
      {draft ? (
        <AppearanceEditor
          draft={draft}
          onChange={setDraft}
          onClose={() => setDraft(null)}
          isFirst={list.length === 0}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="Nenhuma aparência ainda"
          description="Seus questionários usam as cores padrão do Acompanha. Crie uma aparência com as cores da sua marca."
          action={<Button onPress={() => setDraft(emptyDraft())}>Criar aparência</Button>}
        />
      ) : (
        <Stack gap={3}>
          {list.map((a) => (
            <Card key={a.id} title={a.name}>
              <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
                <Stack direction="row" gap={2} align="center">
                  {(['header', 'activeButton', 'activeAlternative', 'body'] as const).map((g) => (
                    <span
                      key={g}
                      aria-hidden="true"
                      css={{
                        width: 24,
                        height: 24,
                        borderRadius: 6,
                        border: '1px solid var(--color-border)',
                        background: a.colorScheme[g]?.background ?? '#FFFFFF',
                      }}
                    />
                  ))}
                  {a.isDefault ? <Badge tone="success">Padrão</Badge> : null}
                  <Text variant="small">
                    {a.subtitle} · botão “{a.forwardText}”
                  </Text>
                </Stack>
                <Stack direction="row" gap={2}>
                  <Button variant="secondary" size="sm" onPress={() => setDraft(fromAppearance(a))}>
                    Editar <VisuallyHidden>{a.name}</VisuallyHidden>
                  </Button>
                  {a.isDefault ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      isPending={setDefault.isPending && setDefault.variables?.path.id === a.id}
                      onPress={() => setDefault.mutate({ path: { id: a.id } })}
                    >
                      Definir como padrão <VisuallyHidden>: {a.name}</VisuallyHidden>
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onPress={() => setToDelete(a)}>
                    Excluir <VisuallyHidden>{a.name}</VisuallyHidden>
                  </Button>
                </Stack>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      <Modal
        isOpen={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir aparência?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDelete(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => toDelete && remove.mutate({ path: { id: toDelete.id } })}
            >
              Excluir
            </Button>
          </>
        }
      >
        <Text>
          Os questionários que usam “{toDelete?.name}” passam a usar a aparência padrão.
          {toDelete?.isDefault ? ' Como ela é a padrão, a mais recente das outras vira a padrão.' : ''}
        </Text>
      </Modal>
    </Page>
  );
}
