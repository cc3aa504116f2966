import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { asApiError, createSignedUploadUrlMutation, type FileContentTypeInput } from '@acompanha/api-client';
import { putSignedFile } from '@acompanha/api-client';
import { Button, FileDropZone, Stack, Text, type FileUpload } from '@acompanha/ui';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface ImageFieldProps {
  /** The image's address, or `null`. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Tells the page an upload is running (saving waits for it). */
  onUploadingChange?: (isUploading: boolean) => void;
  errorMessage?: string;
  isReadOnly?: boolean;
  /** @default 'Imagem (opcional)' */
  label?: string;
  /** The thumbnail's alt text. @default 'Imagem da pergunta' */
  alt?: string;
  /** Help under the drop zone (what the image is for). */
  description?: string;
  /** @default 'Remover imagem' */
  removeLabel?: string;
}

/**
 * An uploaded image (the question's illustration by default): drop or pick a JPEG, PNG or WebP up to 5 MB. The drop zone's row shows
 * the upload's ProgressBar (and lets it be cancelled); a thumbnail replaces it once sent.
 */
export function ImageField({
  value,
  onChange,
  onUploadingChange,
  errorMessage,
  isReadOnly = false,
  label = 'Imagem (opcional)',
  alt = 'Imagem da pergunta',
  description,
  removeLabel = 'Remover imagem',
}: ImageFieldProps) {
  const [upload, setUpload] = useState<FileUpload | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const signed = useMutation(createSignedUploadUrlMutation());

  async function send(file: File) {
    const id = crypto.randomUUID();
    setUpload({ id, name: file.name, size: file.size, progress: 0 });
    onUploadingChange?.(true);
    try {
      const target = await signed.mutateAsync({
        body: { key: file.name, contentType: file.type as FileContentTypeInput, contentSize: file.size },
      });
      await putSignedFile(
        file,
        target.uploadData,
        (progress) => setUpload((u) => (u && u.id === id ? { ...u, progress } : u)),
        xhrRef,
      );
      onChange(target.downloadUrl);
      setUpload(null);
    } catch (raw) {
      if (raw instanceof DOMException && raw.name === 'AbortError') {
        setUpload(null);
      } else {
        // A refused signed URL already got the central toast; the row says what happened either way.
        const apiError = raw instanceof Error && raw.message.startsWith('upload') ? null : asApiError(raw);
        setUpload((u) =>
          u && u.id === id
            ? {
                ...u,
                progress: undefined,
                error: apiError ? apiError.userMessage : 'Não foi possível enviar a imagem. Tente de novo.',
              }
            : u,
        );
      }
    } finally {
      xhrRef.current = null;
      onUploadingChange?.(false);
    }
  }

  if (value) {
    return (
      <Stack gap={2}>
        <Text as="span">{label.replace(/ \(opcional\)$/, '')}</Text>
        <Stack direction="row" gap={3} align="center" wrap>
          <img
            src={value}
            alt={alt}
            width={160}
            height={100}
            css={{
              objectFit: 'cover',
              borderRadius: 'var(--radius-md)',
              border: '1px solid var(--color-border)',
              background: 'var(--color-surface-muted)',
            }}
          />
          {!isReadOnly ? (
            <Button variant="secondary" size="sm" onPress={() => onChange(null)}>
              {removeLabel}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    );
  }
  if (isReadOnly) return null;

  return (
    <Stack gap={2}>
      <FileDropZone
        label={label}
        acceptedFileTypes={[...IMAGE_TYPES]}
        maxFileSize={IMAGE_MAX_BYTES}
        allowsMultiple={false}
        onSelect={([file]) => file && void send(file)}
        uploads={upload ? [upload] : []}
        onRemove={() => {
          xhrRef.current?.abort();
          setUpload(null);
        }}
        isDisabled={!!upload && upload.error === undefined}
      />
      {description ? <Text variant="small">{description}</Text> : null}
      {errorMessage ? (
        <Text variant="small" role="alert">
          {errorMessage}
        </Text>
      ) : null}
    </Stack>
  );
}
