import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { asApiError, createSignedUploadUrlMutation, type FileContentTypeInput, handled } from '@acompanha/api-client';
import { Button, Card, FileDropZone, InlineAlert, ProgressBar, Stack, Text, TextField } from '@acompanha/ui';
import { isValidHex, type FolderDraft } from './quizDraft';
import { putSignedFile } from '@acompanha/api-client';

const IMAGE_TYPES: FileContentTypeInput[] = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface FolderEditorProps {
  folder: FolderDraft;
  onChange: (patch: Partial<FolderDraft>) => void;
  /** The colours of the appearance in effect: what a blank colour field means. */
  defaults: { titlesColor: string; buttonBackground: string; buttonText: string };
}

/** The 'Capa' tab: the cover the client sees before the first question (the spec's folder). */
export function FolderEditor({ folder, onChange, defaults }: FolderEditorProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const signUrl = useMutation(createSignedUploadUrlMutation());
  const uploading = useRef(false);

  async function upload(file: File) {
    if (uploading.current) return;
    uploading.current = true;
    setUploadError(null);
    setProgress(0);
    try {
      const signed = await signUrl.mutateAsync({
        body: { key: file.name, contentType: file.type as FileContentTypeInput, contentSize: file.size },
        meta: handled('WRONG_COMMAND_PARAMETERS'),
      });
      await putSignedFile(file, signed.uploadData, setProgress);
      onChange({ image: signed.downloadUrl });
    } catch (raw) {
      const error = asApiError(raw);
      setUploadError(
        error.code === 'UNKNOWN' || error.code === 'NETWORK_ERROR'
          ? 'Não foi possível enviar a imagem. Tente novamente.'
          : error.userMessage,
      );
    } finally {
      uploading.current = false;
      setProgress(null);
    }
  }

  const colorError = 'Use o formato hexadecimal, por exemplo #030712.';

  return (
    <Stack gap={4}>
      <Card title="Textos da capa" description="A primeira tela que o cliente vê ao abrir o link do questionário.">
        <Stack gap={4}>
          <TextField
            label="Título da capa"
            value={folder.title}
            onChange={(title) => onChange({ title })}
            maxLength={200}
          />
          <TextField
            label="Subtítulo"
            value={folder.subtitle}
            onChange={(subtitle) => onChange({ subtitle })}
            maxLength={300}
          />
          <TextField
            label="Nome do questionário na capa"
            description="Aparece em letras pequenas acima do título."
            value={folder.quizTitle}
            onChange={(quizTitle) => onChange({ quizTitle })}
            maxLength={200}
          />
          <TextField
            label="Texto do botão"
            value={folder.buttonTitle}
            onChange={(buttonTitle) => onChange({ buttonTitle })}
            maxLength={60}
          />
        </Stack>
      </Card>

      <Card title="Imagem da capa">
        <Stack gap={3}>
          {folder.image ? (
            <Stack direction="row" gap={3} align="center" wrap>
              <img
                src={folder.image}
                alt="Imagem atual da capa"
                css={{ width: 160, aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 'var(--radius-md)' }}
              />
              <Button variant="secondary" onPress={() => onChange({ image: '' })} isDisabled={progress !== null}>
                Remover imagem
              </Button>
            </Stack>
          ) : (
            <Text variant="muted">Sem imagem: a capa mostra só os textos.</Text>
          )}
          <FileDropZone
            label={folder.image ? 'Trocar imagem' : 'Enviar imagem'}
            description="JPG, PNG ou WEBP de até 5 MB."
            acceptedFileTypes={IMAGE_TYPES}
            maxFileSize={MAX_IMAGE_BYTES}
            isDisabled={progress !== null}
            onSelect={(files) => files[0] && void upload(files[0])}
            onReject={(rejections) => setUploadError(rejections[0]?.reason ?? null)}
          />
          {progress !== null ? <ProgressBar label="Enviando imagem" value={progress} /> : null}
          {uploadError ? <InlineAlert tone="danger">{uploadError}</InlineAlert> : null}
        </Stack>
      </Card>

      <Card title="Cores da capa" description="Deixe em branco para usar as cores da aparência escolhida.">
        <Stack gap={4}>
          <ColorTextField
            label="Cor dos títulos"
            value={folder.titlesColor}
            inEffect={defaults.titlesColor}
            onChange={(titlesColor) => onChange({ titlesColor })}
            error={colorError}
          />
          <ColorTextField
            label="Cor de fundo do botão"
            value={folder.buttonBackground}
            inEffect={defaults.buttonBackground}
            onChange={(buttonBackground) => onChange({ buttonBackground })}
            error={colorError}
          />
          <ColorTextField
            label="Cor do texto do botão"
            value={folder.buttonText}
            inEffect={defaults.buttonText}
            onChange={(buttonText) => onChange({ buttonText })}
            error={colorError}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

function ColorTextField({
  label,
  value,
  inEffect,
  onChange,
  error,
}: {
  label: string;
  value: string;
  /** The appearance's colour, used while the field is blank. */
  inEffect: string;
  onChange: (v: string) => void;
  error: string;
}) {
  const valid = isValidHex(value);
  const own = valid && value.trim() ? value.trim() : null;
  return (
    // The swatch sits beside the input, whatever shows under it (hint or error).
    <Stack direction="row" gap={3} align="start">
      <span
        aria-hidden="true"
        css={{
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: 'var(--radius-md)',
          border: '1px solid var(--color-border-strong)',
          marginTop: 'calc(var(--font-size-sm) * 1.5 + var(--space-2))',
        }}
        style={{ background: own ?? (valid ? inEffect : 'transparent') }}
      />
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        description={value.trim() ? undefined : `Em branco: ${inEffect.toUpperCase()}, da aparência.`}
        placeholder={inEffect.toUpperCase()}
        isInvalid={!valid}
        errorMessage={error}
        maxLength={9}
      />
    </Stack>
  );
}
