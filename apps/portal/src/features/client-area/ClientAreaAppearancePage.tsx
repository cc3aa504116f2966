import type { ClientAreaConfig } from '@acompanha/api-client';
import { Card, ColorPicker, Form, Radio, RadioGroup, Stack, Text } from '@acompanha/ui';
import { ReadabilityWarnings } from '../../lib/readability';
import { ImageField } from '../question-builder/ImageField';
export { clientAreaLoader } from './areaEditor';
import { AreaScreen, EditorColumns, PreviewCard, SaveBar, useAreaEditor } from './areaEditor';
import { ClientAreaPreview, type Mode, MODE_LABELS, previewWarnings } from './ClientAreaPreview';
import { colorsBody, colorsDraftOf, type ColorsDraft } from './clientAreaDraft';

const MODES: Mode[] = ['light', 'dark'];

/** `/client-area/appearance`: the colour mode, each mode's colour and image, previewed in both modes. */
export function ClientAreaAppearancePage() {
  return (
    <AreaScreen
      title="Cores da área do cliente"
      description="A cor da sua marca e a imagem de fundo em cada modo, e o modo em que a página abre."
    >
      {(config) => <ColorsEditor config={config} />}
    </AreaScreen>
  );
}

function ColorsEditor({ config }: { config: ClientAreaConfig }) {
  const editor = useAreaEditor<ColorsDraft>({
    config,
    draftOf: colorsDraftOf,
    bodyOf: colorsBody,
    saved: 'Cores salvas.',
  });
  const { draft } = editor;
  const content = { ...config, colorScheme: draft };
  const warnings = previewWarnings(content, MODES);
  const setScheme = (part: 'color' | 'image', mode: Mode, value: string | null) =>
    editor.change({
      ...draft,
      scheme: { ...draft.scheme, [part]: { ...draft.scheme[part], [mode]: value } },
    });

  return (
    <EditorColumns
      stacked
      form={
        <Card title="Cores">
          <Form onSubmit={editor.save} aria-label="Cores">
            <Stack gap={5}>
              <RadioGroup
                label="Modo da página"
                value={draft.mode}
                onChange={(mode) => editor.change({ ...draft, mode: mode as Mode })}
                description="O modo em que seus clientes veem a página."
              >
                <Radio value="light">Claro</Radio>
                <Radio value="dark">Escuro</Radio>
              </RadioGroup>
              <div
                css={{
                  display: 'grid',
                  gap: 'var(--space-5)',
                  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
                }}
              >
                {MODES.map((mode) => (
                  <Stack key={mode} gap={3}>
                    <Text css={{ fontWeight: 'var(--font-weight-semibold)' }}>{MODE_LABELS[mode]}</Text>
                    <ColorPicker
                      label={`Cor da marca — ${MODE_LABELS[mode].toLowerCase()}`}
                      value={draft.scheme.color[mode]}
                      onChange={(hex) => setScheme('color', mode, hex)}
                      showEditor={false}
                    />
                    <ImageField
                      label={`Imagem de fundo — ${MODE_LABELS[mode].toLowerCase()} (opcional)`}
                      alt={`Imagem de fundo do ${MODE_LABELS[mode].toLowerCase()}`}
                      removeLabel={`Remover imagem do ${MODE_LABELS[mode].toLowerCase()}`}
                      value={draft.scheme.image[mode]}
                      onChange={(url) => setScheme('image', mode, url)}
                      onUploadingChange={editor.onUploadingChange}
                    />
                  </Stack>
                ))}
              </div>
              {config.folder.image ? (
                <Text variant="small">
                  Sua capa tem imagem própria: as imagens de fundo aparecem quando a capa fica sem imagem.
                </Text>
              ) : null}
              <ReadabilityWarnings warnings={warnings} />
              <SaveBar editor={editor} label="Salvar cores" what="das cores" />
            </Stack>
          </Form>
        </Card>
      }
      preview={
        <PreviewCard description="A página nos dois modos; seus clientes veem o modo escolhido.">
          <div
            css={{
              display: 'grid',
              gap: 'var(--space-5)',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              '@media (max-width: 719px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
            }}
          >
            {MODES.map((mode) => (
              <ClientAreaPreview
                key={mode}
                content={content}
                mode={mode}
                caption={mode === draft.mode ? `${MODE_LABELS[mode]} (escolhido)` : MODE_LABELS[mode]}
              />
            ))}
          </div>
        </PreviewCard>
      }
    />
  );
}
