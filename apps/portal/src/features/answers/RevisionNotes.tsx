import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createRevisionNoteMutation,
  deleteRevisionNoteMutation,
  updateRevisionNoteMutation,
  type RevisionNote,
} from '@acompanha/api-client';
import { Button, Form, Modal, Stack, Text, TextArea, VisuallyHidden } from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';
import { refreshAfter } from '../../lib/refresh';

const NOTE_MAX = 2000;
const EMPTY = 'Escreva a anotação.';

/** "19/11/2026 18:02", with "(editada)" when it changed after being written. */
function when(note: RevisionNote): string {
  const edited = Date.parse(note.updatedAt) > Date.parse(note.createdAt);
  return `${formatDateTimeBR(note.createdAt)}${edited ? ' (editada)' : ''}`;
}

interface NoteItemProps {
  revisionId: string;
  note: RevisionNote;
  onDelete: (note: RevisionNote) => void;
  /** Says what happened, for screen readers (the list itself shows it). */
  announce: (message: string) => void;
}

function NoteItem({ revisionId, note, onDelete, announce }: NoteItemProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [showError, setShowError] = useState(false);
  const update = useMutation({
    ...updateRevisionNoteMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'revisionChanged');
      setDraft(null);
      announce('Anotação atualizada.');
    },
  });
  const label = `anotação de ${formatDateTimeBR(note.createdAt)}`;

  if (draft !== null) {
    const empty = draft.trim() === '';
    return (
      <li>
        <Form
          aria-label={`Editar ${label}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (empty) return setShowError(true);
            update.mutate({ path: { id: revisionId, noteId: note.id }, body: { note: draft.trim() } });
          }}
        >
          <TextArea
            label="Editar anotação"
            value={draft}
            onChange={setDraft}
            rows={3}
            maxLength={NOTE_MAX}
            isInvalid={showError && empty}
            errorMessage={EMPTY}
            autoFocus
          />
          <Stack direction="row" gap={2} justify="end">
            <Button variant="secondary" onPress={() => setDraft(null)}>
              Cancelar
            </Button>
            <Button type="submit" isPending={update.isPending}>
              Salvar anotação
            </Button>
          </Stack>
        </Form>
      </li>
    );
  }

  return (
    <li
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--space-2)',
        padding: 'var(--space-3)',
        borderRadius: 'var(--radius-md)',
        background: 'var(--color-surface-muted)',
        breakInside: 'avoid',
      }}
    >
      <Text css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.note}</Text>
      <Stack direction="row" gap={2} align="center" justify="space-between" wrap>
        <Text variant="small" as="span">
          {when(note)}
        </Text>
        <Stack direction="row" gap={1} data-print-hide="">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Editar ${label}`}
            onPress={() => {
              setShowError(false);
              setDraft(note.note);
            }}
          >
            Editar
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Excluir ${label}`} onPress={() => onDelete(note)}>
            Excluir
          </Button>
        </Stack>
      </Stack>
    </li>
  );
}

/** The professional's notes on a revision (oldest first): add, edit, delete after a confirmation. */
export function RevisionNotes({ revisionId, notes }: { revisionId: string; notes: RevisionNote[] }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [showError, setShowError] = useState(false);
  const [toDelete, setToDelete] = useState<RevisionNote | null>(null);
  // Feedback stays on the page (a toast would cover the approve button at the top of the screen).
  const [announcement, setAnnouncement] = useState('');
  const create = useMutation({
    ...createRevisionNoteMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'revisionChanged');
      setText('');
      setShowError(false);
      setAnnouncement('Anotação adicionada.');
    },
  });
  const remove = useMutation({
    ...deleteRevisionNoteMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'revisionChanged');
      setToDelete(null);
      setAnnouncement('Anotação excluída.');
    },
  });
  const empty = text.trim() === '';

  return (
    <Stack gap={4}>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {notes.length === 0 ? (
        <Text variant="muted">Nenhuma anotação ainda. Anote o que combinou ou o que observar na próxima resposta.</Text>
      ) : (
        <Stack as="ul" gap={2} css={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Anotações">
          {notes.map((n) => (
            <NoteItem key={n.id} revisionId={revisionId} note={n} onDelete={setToDelete} announce={setAnnouncement} />
          ))}
        </Stack>
      )}

      <Form
        aria-label="Nova anotação"
        data-print-hide=""
        onSubmit={(e) => {
          e.preventDefault();
          if (empty) return setShowError(true);
          create.mutate({ path: { id: revisionId }, body: { note: text.trim() } });
        }}
      >
        <TextArea
          label="Nova anotação"
          description="Só você vê as anotações."
          value={text}
          onChange={(v) => {
            setText(v);
            if (v.trim()) setShowError(false);
          }}
          rows={3}
          maxLength={NOTE_MAX}
          isInvalid={showError && empty}
          errorMessage={EMPTY}
        />
        <Stack direction="row" justify="end">
          <Button type="submit" isPending={create.isPending}>
            Adicionar anotação
          </Button>
        </Stack>
      </Form>

      <Modal
        isOpen={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir anotação?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDelete(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => toDelete && remove.mutate({ path: { id: revisionId, noteId: toDelete.id } })}
            >
              Excluir
            </Button>
          </>
        }
      >
        <Text>A anotação será apagada e não poderá ser recuperada.</Text>
        {toDelete ? (
          <Text variant="muted" css={{ whiteSpace: 'pre-wrap', marginTop: 'var(--space-2)' }}>
            “{toDelete.note.length > 160 ? `${toDelete.note.slice(0, 160)}…` : toDelete.note}”
          </Text>
        ) : null}
      </Modal>
    </Stack>
  );
}
