/**
 * What the three client-area screens share: the loader, the section links, the two-column layout (form and
 * preview), and the editing of one part of the config (a draft, saving only that part, the unsaved-changes
 * guard, field errors from the API).
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  type ClientAreaConfig,
  getAreaConfigOptions,
  getAreaConfigQueryKey,
  updateAreaConfigMutation,
} from '@acompanha/api-client';
import { Button, Card, Link, Page, Spinner, Stack, toastQueue } from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { LeaveWithoutSavingDialog, useUnsavedChangesGuard } from '../../lib/unsavedChanges';
import { type AreaBody, sameDraft } from './clientAreaDraft';

export const CLIENT_AREA_PATH = '/client-area';

export async function clientAreaLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...getAreaConfigOptions(), staleTime: 'static' }));
  return null;
}

const SECTIONS = [
  { href: CLIENT_AREA_PATH, label: 'Página' },
  { href: `${CLIENT_AREA_PATH}/folder`, label: 'Capa' },
  { href: `${CLIENT_AREA_PATH}/appearance`, label: 'Cores' },
];

/** The three screens as links, the current one marked. */
function Sections() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Seções da área do cliente">
      <ul
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--space-1)',
          margin: 0,
          padding: 0,
          listStyle: 'none',
          borderBottom: '1px solid var(--color-border)',
        }}
      >
        {SECTIONS.map((s) => {
          const current = pathname.replace(/\/$/, '') === s.href;
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                variant="standalone"
                aria-current={current ? 'page' : undefined}
                css={{
                  display: 'inline-block',
                  padding: 'var(--space-2) var(--space-3)',
                  marginBottom: -1,
                  borderBottom: '2px solid transparent',
                  textDecoration: 'none',
                  color: 'var(--color-text-muted)',
                  '&[aria-current="page"]': {
                    color: 'var(--color-text)',
                    borderBottomColor: 'var(--color-primary)',
                    fontWeight: 'var(--font-weight-semibold)',
                  },
                }}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A client-area screen: its title, the section links, then `children` once the config is loaded. */
export function AreaScreen({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: (config: ClientAreaConfig) => ReactNode;
}) {
  const config = useQuery(getAreaConfigOptions());
  return (
    <Page title={title} description={description} width="lg">
      <Sections />
      {config.data ? children(config.data) : <Spinner label="Carregando a área do cliente" />}
    </Page>
  );
}

/** The form and, beside it (under it on narrow screens), what it changes. */
export function EditorColumns({
  form,
  preview,
  stacked = false,
}: {
  form: ReactNode;
  preview: ReactNode;
  stacked?: boolean;
}) {
  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-5)',
        alignItems: 'start',
        gridTemplateColumns: stacked ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 380px',
        '@media (max-width: 1023px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
      }}
    >
      {form}
      {/* Beside a long form, the preview stays in view while she scrolls. */}
      <div css={stacked ? undefined : { '@media (min-width: 1024px)': { position: 'sticky', top: 'var(--space-4)' } }}>
        {preview}
      </div>
    </div>
  );
}

/** `details` of a refusal keyed by the whole path (`link`, `folder.buttonText`, …). */
function errorsByPath(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    if (!Array.isArray(issue?.path)) continue;
    const key = issue.path.join('.');
    if (key && !out[key]) out[key] = String(issue.message ?? '');
  }
  return out;
}

/**
 * Edits one part of the client area: `draftOf` reads it from the config, `bodyOf` turns it into the PUT's
 * body (only that part is sent, so the other screens' fields stay as saved).
 */
export function useAreaEditor<T>({
  config,
  draftOf,
  bodyOf,
  saved,
}: {
  config: ClientAreaConfig;
  draftOf: (c: ClientAreaConfig) => T;
  bodyOf: (draft: T) => AreaBody;
  /** The success toast. */
  saved: string;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<T>(() => draftOf(config));
  const [baseline, setBaseline] = useState<T>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focusAfterError = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const form = focusAfterError.current;
    if (!form) return;
    focusAfterError.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const [uploads, setUploads] = useState(0);
  const isDirty = !sameDraft(draft, baseline);
  const blocker = useUnsavedChangesGuard(isDirty);
  const mutation = useMutation(updateAreaConfigMutation());

  function save(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const form = event?.currentTarget;
    setErrors({});
    mutation.mutate(
      { body: bodyOf(draft) },
      {
        onSuccess: (next) => {
          queryClient.setQueryData(getAreaConfigQueryKey(), next);
          const fresh = draftOf(next);
          setDraft(fresh);
          setBaseline(fresh);
          toastQueue.add({ tone: 'success', title: saved }, { timeout: 4000 });
        },
        onError: (raw) => {
          const error = asApiError(raw);
          if (error.code === 'ALIAS_ALREADY_IN_USE' || error.code === 'WRONG_COMMAND_PARAMETERS') {
            // The field the answer is about may be far above the button (on a phone): once the error is on
            // screen (the effect below, after the commit), take her there.
            focusAfterError.current = form ?? null;
            setErrors(errorsByPath(error.details));
          }
        },
      },
    );
  }

  return {
    draft,
    /** Changes the draft; `field` clears the API's error about it. */
    change(next: T, field?: string) {
      setDraft(next);
      if (field && errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    },
    discard: () => {
      setDraft(baseline);
      setErrors({});
    },
    errors,
    isDirty,
    isSaving: mutation.isPending,
    /** For `ImageField.onUploadingChange`: saving waits for running uploads. */
    onUploadingChange: (uploading: boolean) => setUploads((n) => Math.max(0, n + (uploading ? 1 : -1))),
    isUploading: uploads > 0,
    save,
    blocker,
  };
}

/** "Salvar" (and "Descartar alterações" while there are some), plus the "Sair sem salvar?" dialog. */
export function SaveBar({
  editor,
  label,
  what,
  isDisabled = false,
}: {
  editor: Pick<ReturnType<typeof useAreaEditor>, 'isSaving' | 'isUploading' | 'isDirty' | 'discard' | 'blocker'>;
  label: string;
  what: string;
  isDisabled?: boolean;
}) {
  return (
    <>
      <Stack direction="row" gap={2} wrap>
        <Button type="submit" isPending={editor.isSaving} isDisabled={isDisabled || editor.isUploading}>
          {label}
        </Button>
        {editor.isDirty ? (
          <Button variant="secondary" onPress={editor.discard}>
            Descartar alterações
          </Button>
        ) : null}
      </Stack>
      <LeaveWithoutSavingDialog blocker={editor.blocker} what={what} />
    </>
  );
}

/** The preview's card. */
export function PreviewCard({ children, description }: { children: ReactNode; description?: string }) {
  return (
    <Card title="Como o cliente vê" description={description}>
      {children}
    </Card>
  );
}
