import { css } from '@emotion/react';
import { useId, useState, type ReactNode } from 'react';
import { Button as AriaButton, DropZone, FileTrigger, I18nProvider, Text, type DropItem } from 'react-aria-components';
import { buttonStyles } from '../Button/Button';
import { IconClose, IconError, IconPlus } from '../Icon';
import { ProgressBar } from '../ProgressBar/ProgressBar';

/** A file being (or already) uploaded, shown under the drop zone. */
export interface FileUpload {
  id: string;
  name: string;
  /** Size in bytes. */
  size: number;
  /** Upload progress, 0–100. Omit once the upload is done. */
  progress?: number;
  /** Error text when the upload failed. */
  error?: string;
}

export interface FileRejection {
  file: File;
  /** Why the file was refused, in Portuguese. */
  reason: string;
}

export interface FileValidationOptions {
  /** MIME types (`application/pdf`, `image/*`) or extensions (`.pdf`). Empty accepts anything. */
  acceptedFileTypes?: string[];
  /** Largest file, in bytes. */
  maxFileSize?: number;
}

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** `1536` → `1,5 KB`, `10485760` → `10 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${sizeFormat.format(bytes / 1024 ** 2)} MB`;
  return `${sizeFormat.format(bytes / 1024 ** 3)} GB`;
}

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/webp': 'WEBP',
  'image/*': 'imagens',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

/** `['application/pdf', 'image/png']` → `PDF ou PNG`. */
export function describeFileTypes(types: string[]): string {
  const names = [...new Set(types.map((t) => typeNames[t] ?? t.replace(/^\./, '').replace(/^.*\//, '').toUpperCase()))];
  return new Intl.ListFormat('pt-BR', { type: 'disjunction' }).format(names);
}

function matchesType(file: File, accepted: string[]): boolean {
  const name = file.name.toLowerCase();
  return accepted.some((t) => {
    const type = t.toLowerCase();
    if (type.startsWith('.')) return name.endsWith(type);
    if (type.endsWith('/*')) return file.type.startsWith(type.slice(0, -1));
    return file.type === type;
  });
}

/** Checks type and size; returns the Portuguese reason for refusing the file, or `null`. */
export function validateFile(file: File, { acceptedFileTypes, maxFileSize }: FileValidationOptions): string | null {
  if (acceptedFileTypes?.length && !matchesType(file, acceptedFileTypes)) {
    return `“${file.name}” não é um tipo de arquivo aceito. Envie ${describeFileTypes(acceptedFileTypes)}.`;
  }
  if (maxFileSize !== undefined && file.size > maxFileSize) {
    return `“${file.name}” tem ${formatFileSize(file.size)}; o limite é ${formatFileSize(maxFileSize)}.`;
  }
  return null;
}

export interface FileDropZoneProps extends FileValidationOptions {
  /** What to send, e.g. "Exames e documentos". Names the drop zone. */
  label: string;
  /** Help text; by default built from the accepted types and size ("PDF ou PNG, até 10 MB"). */
  description?: ReactNode;
  /**
   * Accepts several files at once.
   * @default true
   */
  allowsMultiple?: boolean;
  /** Called with the files that passed validation. */
  onSelect: (files: File[]) => void;
  /** Called with the refused files and their reasons (also shown under the zone). */
  onReject?: (rejections: FileRejection[]) => void;
  /** Files being uploaded or already sent, each with its progress bar. */
  uploads?: FileUpload[];
  /** Shows a remove button per upload. */
  onRemove?: (id: string) => void;
  isDisabled?: boolean;
}

const zoneStyles = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-5) var(--space-4);
  border: 2px dashed var(--color-border-strong);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  color: var(--color-text);
  text-align: center;
  outline: none;
  transition:
    background-color var(--duration-fast) var(--easing-standard),
    border-color var(--duration-fast) var(--easing-standard);
  &[data-drop-target] {
    border-color: var(--color-action-bg);
    background: var(--color-info-surface);
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
  /* Not dimmed with opacity: the texts must keep their contrast; the button shows it is disabled. */
  &[data-disabled] {
    border-color: var(--color-border);
    background: var(--color-surface-muted);
  }
  & .zone-label {
    font-weight: var(--font-weight-semibold);
  }
  & .zone-hint {
    font-size: var(--font-size-sm);
    color: var(--color-text-muted);
  }
`;

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    padding: var(--space-2) var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: var(--radius-md);
    background: var(--color-surface);
  }
  & .file-info {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: var(--space-1);
    font-size: var(--font-size-sm);
  }
  & .file-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: var(--font-weight-medium);
  }
  & .file-meta {
    color: var(--color-text-muted);
  }
  & .file-error {
    color: var(--color-danger);
  }
`;

const errorListStyles = css`
  margin: 0;
  padding: 0;
  list-style: none;
  color: var(--color-danger);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  & li {
    display: flex;
    gap: var(--space-2);
    align-items: flex-start;
  }
  & svg {
    flex: none;
    margin-top: 2px;
  }
`;

/**
 * Drop files or pick them with the button; files are checked against `acceptedFileTypes` and
 * `maxFileSize` (refusals are listed in Portuguese), and `uploads` show a progress bar each.
 */
export function FileDropZone({
  label,
  description,
  acceptedFileTypes,
  maxFileSize,
  allowsMultiple = true,
  onSelect,
  onReject,
  uploads = [],
  onRemove,
  isDisabled = false,
}: FileDropZoneProps) {
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const labelId = useId();
  const hint =
    description ??
    [
      acceptedFileTypes?.length ? describeFileTypes(acceptedFileTypes) : null,
      maxFileSize !== undefined ? `até ${formatFileSize(maxFileSize)}` : null,
    ]
      .filter(Boolean)
      .join(', ');

  const handleFiles = (files: File[]) => {
    const picked = allowsMultiple ? files : files.slice(0, 1);
    const refused: FileRejection[] = [];
    const accepted: File[] = [];
    for (const file of picked) {
      const reason = validateFile(file, { acceptedFileTypes, maxFileSize });
      if (reason) refused.push({ file, reason });
      else accepted.push(file);
    }
    setRejections(refused);
    if (refused.length) onReject?.(refused);
    if (accepted.length) onSelect(accepted);
  };

  return (
    <I18nProvider locale="pt-BR">
      <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}>
        <DropZone
          css={zoneStyles}
          aria-labelledby={labelId}
          isDisabled={isDisabled}
          getDropOperation={(types) =>
            [...(acceptedFileTypes?.length ? acceptedFileTypes : ['*'])].some(
              (t) => t === '*' || t.startsWith('.') || t.endsWith('/*') || types.has(t),
            )
              ? 'copy'
              : 'cancel'
          }
          onDrop={async (e) => {
            const files = await Promise.all(
              e.items
                .filter((item: DropItem): item is Extract<DropItem, { kind: 'file' }> => item.kind === 'file')
                .map((item) => item.getFile()),
            );
            handleFiles(files);
          }}
        >
          <Text slot="label" id={labelId} className="zone-label">
            {label}
          </Text>
          <span className="zone-hint">Arraste {allowsMultiple ? 'os arquivos' : 'o arquivo'} para cá ou</span>
          <FileTrigger
            acceptedFileTypes={acceptedFileTypes}
            allowsMultiple={allowsMultiple}
            onSelect={(list) => handleFiles(list ? [...list] : [])}
          >
            <AriaButton css={buttonStyles} data-variant="secondary" data-size="sm" isDisabled={isDisabled}>
              <IconPlus size={16} /> {allowsMultiple ? 'Escolher arquivos' : 'Escolher arquivo'}
            </AriaButton>
          </FileTrigger>
          {hint && <span className="zone-hint">{hint}</span>}
        </DropZone>

        {rejections.length > 0 && (
          <div role="alert">
            <ul css={errorListStyles}>
              {rejections.map((r, i) => (
                <li key={`${r.file.name}-${i}`}>
                  <IconError size={16} />
                  {r.reason}
                </li>
              ))}
            </ul>
          </div>
        )}

        {uploads.length > 0 && (
          <ul css={listStyles} aria-label="Arquivos">
            {uploads.map((u) => (
              <li key={u.id}>
                <div className="file-info">
                  <span className="file-name">{u.name}</span>
                  {u.error ? (
                    <span className="file-error">{u.error}</span>
                  ) : u.progress !== undefined && u.progress < 100 ? (
                    <ProgressBar aria-label={`Enviando ${u.name}`} value={u.progress} size="sm" />
                  ) : (
                    <span className="file-meta">{formatFileSize(u.size)} · Enviado</span>
                  )}
                </div>
                {onRemove && (
                  <AriaButton
                    css={buttonStyles}
                    data-variant="ghost"
                    data-size="sm"
                    aria-label={`Remover ${u.name}`}
                    onPress={() => onRemove(u.id)}
                  >
                    <IconClose size={16} />
                  </AriaButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </I18nProvider>
  );
}
