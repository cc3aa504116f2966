import type { ClientAreaConfig } from '@acompanha/api-client';
import { Card, ColorPicker, defaultClientAreaFolder, Form, Stack, TextField } from '@acompanha/ui';
import { ReadabilityWarnings } from '../../lib/readability';
import { ImageField } from '../question-builder/ImageField';
export { clientAreaLoader } from './areaEditor';
import { AreaScreen, EditorColumns, PreviewCard, SaveBar, useAreaEditor } from './areaEditor';
import { ClientAreaPreview, previewWarnings } from './ClientAreaPreview';
import { folderBody, folderDraftOf, type FolderDraft } from './clientAreaDraft';

const COLORS: { key: 'textsColor' | 'buttonColor' | 'buttonBackground'; label: string }[] = [
  { key: 'textsColor', label: 'Cor dos textos da capa' },
  { key: 'buttonColor', label: 'Cor do texto do botão' },
  { key: 'buttonBackground', label: 'Cor de fundo do botão' },
];

/** `/client-area/folder`: the cover of her page (image, texts, button), with a live preview. */
export function ClientAreaFolderPage() {
  return (
    <AreaScreen
      title="Capa da área do cliente"
      description="O primeiro quadro da sua página: imagem, textos e o botão que leva à área do cliente."
    >
      {(config) => <FolderEditor config={config} />}
    </AreaScreen>
  );
}

function FolderEditor({ config }: { config: ClientAreaConfig }) {
  const editor = useAreaEditor<FolderDraft>({
    config,
    draftOf: folderDraftOf,
    bodyOf: folderBody,
    saved: 'Capa salva.',
  });
  const { draft } = editor;
  const set = (patch: Partial<FolderDraft>, field?: string) => editor.change({ ...draft, ...patch }, field);
  const content = { ...config, folder: draft };
  const warnings = previewWarnings(content, [config.colorScheme.mode]);
  const buttonTextMissing = !draft.buttonText.trim();
  const fieldError = (key: keyof FolderDraft) => editor.errors[`folder.${key}`];

  return (
    <EditorColumns
      form={
        <Card title="Capa">
          <Form onSubmit={editor.save} aria-label="Capa">
            <Stack gap={4}>
              <ImageField
                label="Imagem da capa (opcional)"
                alt="Imagem da capa"
                removeLabel="Remover imagem da capa"
                description="Fica atrás dos textos, escurecida para que eles continuem legíveis."
                value={draft.image}
                onChange={(image) => set({ image })}
                onUploadingChange={editor.onUploadingChange}
              />
              <TextField
                label="Título"
                name="title"
                value={draft.title ?? ''}
                maxLength={80}
                onChange={(title) => set({ title }, 'folder.title')}
                description="Sem título, a capa mostra o título da página ou o seu nome."
                isInvalid={!!fieldError('title')}
                errorMessage={fieldError('title')}
              />
              <TextField
                label="Subtítulo"
                name="subtitle"
                value={draft.subtitle ?? ''}
                maxLength={160}
                onChange={(subtitle) => set({ subtitle }, 'folder.subtitle')}
                isInvalid={!!fieldError('subtitle')}
                errorMessage={fieldError('subtitle')}
              />
              <TextField
                label="Texto do botão"
                name="buttonText"
                value={draft.buttonText}
                maxLength={40}
                onChange={(buttonText) => set({ buttonText }, 'folder.buttonText')}
                isInvalid={buttonTextMissing || !!fieldError('buttonText')}
                errorMessage={buttonTextMissing ? 'Escreva o texto do botão.' : fieldError('buttonText')}
                description={`Padrão: “${defaultClientAreaFolder.buttonText}”.`}
              />
              <div
                css={{
                  display: 'grid',
                  gap: 'var(--space-4)',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
                }}
              >
                {COLORS.map(({ key, label }) => (
                  <ColorPicker
                    key={key}
                    label={label}
                    value={draft[key]}
                    onChange={(hex) => set({ [key]: hex }, `folder.${key}`)}
                    showEditor={false}
                  />
                ))}
              </div>
              <ReadabilityWarnings warnings={warnings} />
              <SaveBar editor={editor} label="Salvar capa" what="da capa" isDisabled={buttonTextMissing} />
            </Stack>
          </Form>
        </Card>
      }
      preview={
        <PreviewCard>
          <ClientAreaPreview content={content} />
        </PreviewCard>
      }
    />
  );
}
