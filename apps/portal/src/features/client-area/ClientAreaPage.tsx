import { useState } from 'react';
import type { ClientAreaConfig } from '@acompanha/api-client';
import { Button, Card, Form, linkTargetSize, Stack, Switch, Text, TextField, toastQueue } from '@acompanha/ui';
import { copyText } from '../../lib/clipboard';
import { formatDateBR } from '../../lib/format';
import { ImageField } from '../question-builder/ImageField';
export { clientAreaLoader } from './areaEditor';
import { AreaScreen, EditorColumns, PreviewCard, SaveBar, useAreaEditor } from './areaEditor';
import { ClientAreaPreview } from './ClientAreaPreview';
import {
  ALIAS_MAX,
  aliasProblem,
  normalizeAlias,
  pageBody,
  pageDraftOf,
  type PageDraft,
  publicPrefix,
} from './clientAreaDraft';

/** `/client-area`: her public page's link, publication, title, logo and photo, with a live preview. */
export function ClientAreaPage() {
  return (
    <AreaScreen
      title="Área do cliente"
      description="Sua página pública: um link só seu para os clientes entrarem na área do cliente."
    >
      {(config) => <PageEditor config={config} />}
    </AreaScreen>
  );
}

function PageEditor({ config }: { config: ClientAreaConfig }) {
  const editor = useAreaEditor<PageDraft>({
    config,
    draftOf: pageDraftOf,
    bodyOf: pageBody,
    saved: 'Área do cliente salva.',
  });
  const { draft } = editor;
  const set = (patch: Partial<PageDraft>, field?: string) => editor.change({ ...draft, ...patch }, field);
  const linkProblem = aliasProblem(draft.link);
  const linkError = editor.errors.link ?? linkProblem;
  const moving = !!config.link && normalizeAlias(draft.link) !== config.link;

  return (
    <EditorColumns
      form={
        <Stack gap={5}>
          <Card title="Sua página">
            <Form onSubmit={editor.save} aria-label="Área do cliente">
              <Stack gap={4}>
                <TextField
                  label="Link da página"
                  name="link"
                  value={draft.link}
                  onChange={(link) => set({ link }, 'link')}
                  startAdornment={publicPrefix(config)}
                  maxLength={ALIAS_MAX + 10}
                  autoComplete="off"
                  spellCheck="false"
                  description={
                    moving
                      ? `O link anterior (${config.link}) continua levando à sua página por 90 dias.`
                      : `Letras minúsculas, números e hífens, de 3 a ${ALIAS_MAX} caracteres.`
                  }
                  isInvalid={!!linkError}
                  errorMessage={linkError ?? undefined}
                />
                {config.link && config.publicUrl ? <LinkActions url={config.publicUrl} /> : null}
                <Switch
                  isSelected={draft.hasDefinedLink}
                  onChange={(hasDefinedLink) => set({ hasDefinedLink })}
                  description={
                    draft.hasDefinedLink
                      ? 'Quem abrir o link vê a sua página.'
                      : 'Desativada: quem abrir o link vê “Página não encontrada”. O link continua reservado para você.'
                  }
                >
                  Página pública ativa
                </Switch>
                <TextField
                  label="Título da página"
                  name="title"
                  value={draft.title}
                  maxLength={80}
                  onChange={(title) => set({ title }, 'title')}
                  description="Aparece no topo da página, ao lado do logo. Sem título, usamos o seu nome."
                  isInvalid={!!editor.errors.title}
                  errorMessage={editor.errors.title}
                />
                <ImageField
                  label="Logo (opcional)"
                  alt="Logo"
                  removeLabel="Remover logo"
                  value={draft.brandImage}
                  onChange={(brandImage) => set({ brandImage })}
                  onUploadingChange={editor.onUploadingChange}
                />
                <ImageField
                  label="Foto de perfil (opcional)"
                  alt="Foto de perfil"
                  removeLabel="Remover foto de perfil"
                  description="Sem foto aqui, a página mostra a foto do seu perfil."
                  value={draft.profilePicture}
                  onChange={(profilePicture) => set({ profilePicture })}
                  onUploadingChange={editor.onUploadingChange}
                />
                <SaveBar editor={editor} label="Salvar" what="da área do cliente" isDisabled={!!linkProblem} />
              </Stack>
            </Form>
          </Card>
          {config.previousLinks.length ? (
            <Card title="Links anteriores" description="Quem usar um link antigo ainda chega à sua página até a data.">
              <ul css={{ margin: 0, paddingLeft: '1.2em', display: 'grid', gap: 'var(--space-1)' }}>
                {config.previousLinks.map((p) => (
                  <li key={p.link} css={{ overflowWrap: 'anywhere' }}>
                    <strong>{p.link}</strong> — redireciona até {formatDateBR(p.redirectsUntil)}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </Stack>
      }
      preview={
        <PreviewCard>
          <ClientAreaPreview content={{ ...config, ...draft, title: draft.title || null }} />
        </PreviewCard>
      }
    />
  );
}

/** "Copiar link" and "Abrir página" for the saved address. */
function LinkActions({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (await copyText(url)) {
      setCopied(true);
      toastQueue.add({ tone: 'success', title: 'Link copiado.' }, { timeout: 4000 });
      window.setTimeout(() => setCopied(false), 3000);
    } else {
      toastQueue.add({ tone: 'info', title: 'Selecione o link e copie manualmente.' });
    }
  }
  return (
    <Stack gap={2}>
      <Text variant="small" css={{ overflowWrap: 'anywhere' }}>
        Endereço salvo: {url}
      </Text>
      <Stack direction="row" gap={2} align="center" wrap>
        <Button variant="secondary" size="sm" onPress={() => void copy()}>
          {copied ? 'Link copiado' : 'Copiar link'}
        </Button>
        {/* A plain anchor: the router's links would read the address as one of the portal's paths. */}
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          css={[
            linkTargetSize,
            {
              color: 'var(--color-link)',
              fontWeight: 'var(--font-weight-medium)',
              borderRadius: 'var(--radius-sm)',
              '&:focus-visible': { outline: '2px solid var(--color-focus)', outlineOffset: 2 },
            },
          ]}
        >
          Abrir página
        </a>
      </Stack>
    </Stack>
  );
}
