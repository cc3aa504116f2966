import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { Button as AriaButton, FileTrigger, ProgressBar as AriaProgressBar } from 'react-aria-components';
import { describeFileTypes, formatFileSize, validateFile } from '../../FileDropZone/FileDropZone';
import { answerErrorStyles, quizButtonStyles } from '../surveyStyles';

/** The file an answer holds. */
export interface FileAnswer {
  name: string;
  /** Size in bytes. */
  size: number;
  /** MIME type. */
  type: string;
  /** Image preview (an object URL or the uploaded file's URL). */
  previewUrl?: string;
}

export interface FileUploadAnswerProps {
  /** What to send, e.g. 'Foto do prato'. Names the drop zone. */
  label: string;
  /** MIME types or extensions. @default ['image/*', 'application/pdf'] */
  acceptedFileTypes?: string[];
  /** Largest file, in bytes. @default 10 MB */
  maxFileSize?: number;
  /** The chosen file, or `null`. */
  value: FileAnswer | null;
  /** Called with the new value and the picked `File` (to upload), or with `null` on 'Remover'. */
  onChange: (value: FileAnswer | null, file?: File) => void;
  /** Upload progress 0–100; omit when nothing is being sent. */
  progress?: number;
  /** Error to show (e.g. the upload failed). */
  errorMessage?: string;
  isDisabled?: boolean;
}

const uploadStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  & .upload-zone {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--space-3);
    padding: var(--space-5) var(--space-4);
    border: 2px dashed var(--quiz-upload-field-border);
    border-radius: var(--radius-lg);
    background: var(--quiz-upload-field-bg);
    color: var(--quiz-upload-field-text);
    text-align: center;
  }
  & .upload-icon {
    display: grid;
    place-items: center;
    width: 48px;
    height: 48px;
    border-radius: var(--radius-full);
    background: var(--quiz-upload-field-icon-bg);
    color: var(--quiz-upload-field-icon);
  }
  & .upload-label {
    font-weight: var(--font-weight-semibold);
  }
  & .upload-hint {
    font-size: var(--font-size-sm);
  }
  & .upload-file {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    padding: var(--space-3);
    border: 2px solid var(--quiz-upload-field-border);
    border-radius: var(--radius-lg);
    background: var(--quiz-upload-field-bg);
    color: var(--quiz-upload-field-text);
  }
  & .upload-thumb {
    flex: none;
    width: 64px;
    height: 64px;
    border-radius: var(--radius-md);
    object-fit: cover;
  }
  & .upload-info {
    flex: 1;
    min-width: 0;
    display: grid;
    gap: var(--space-1);
    font-size: var(--font-size-sm);
  }
  & .upload-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: var(--font-weight-semibold);
  }
  & .upload-track {
    height: 8px;
    border-radius: var(--radius-full);
    background: var(--quiz-upload-field-unfilled);
    overflow: hidden;
  }
  & .upload-fill {
    height: 100%;
    background: var(--quiz-upload-field-filled);
    transition: width var(--duration-normal) var(--easing-standard);
  }
  & .upload-error {
    ${answerErrorStyles};
  }
  & .upload-remove {
    min-height: 44px;
    padding: 0 var(--space-3);
    font-size: var(--font-size-sm);
  }
`;

function IconUpload() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
    </svg>
  );
}

/**
 * One file as the answer (a photo of a meal, an exam): pick it (camera or gallery on phones), see a thumbnail for images and the upload progress, and 'Remover' it.
 */
export function FileUploadAnswer({
  label,
  acceptedFileTypes = ['image/*', 'application/pdf'],
  maxFileSize = 10 * 1024 * 1024,
  value,
  onChange,
  progress,
  errorMessage,
  isDisabled = false,
}: FileUploadAnswerProps) {
  const labelId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    const reason = validateFile(file, { acceptedFileTypes, maxFileSize });
    setRejection(reason);
    if (reason) return;
    const url = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
    setObjectUrl(url ?? null);
    onChange({ name: file.name, size: file.size, type: file.type, previewUrl: url }, file);
  };

  const error = rejection ?? errorMessage;
  const isUploading = progress !== undefined && progress < 100;

  return (
    <div css={uploadStyles}>
      {value ? (
        <div className="upload-file">
          {value.previewUrl && value.type.startsWith('image/') && (
            <img className="upload-thumb" src={value.previewUrl} alt={`Pré-visualização de ${value.name}`} />
          )}
          <div className="upload-info">
            <span className="upload-name">{value.name}</span>
            {isUploading ? (
              <AriaProgressBar
                value={progress}
                aria-label={`Enviando ${value.name}`}
                css={{ display: 'grid', gap: 'var(--space-1)' }}
              >
                {({ valueText, percentage }) => (
                  <>
                    <span>Enviando… {valueText}</span>
                    <div className="upload-track">
                      <div className="upload-fill" style={{ width: `${percentage}%` }} />
                    </div>
                  </>
                )}
              </AriaProgressBar>
            ) : (
              <span>
                {formatFileSize(value.size)}
                {progress === 100 ? ' · Enviado' : ''}
              </span>
            )}
          </div>
          <AriaButton
            className="upload-remove"
            css={quizButtonStyles}
            data-variant="inactive"
            aria-label={`Remover ${value.name}`}
            isDisabled={isDisabled}
            onPress={() => {
              setRejection(null);
              onChange(null);
            }}
          >
            Remover
          </AriaButton>
        </div>
      ) : (
        // No drag and drop here: patients answer on phones, and React Aria's drop zone would add
        // ~40 KB gzip of translated drag messages to the survey. The portal's FileDropZone has it.
        <div className="upload-zone" role="group" aria-labelledby={labelId}>
          <span className="upload-icon">
            <IconUpload />
          </span>
          <span id={labelId} className="upload-label">
            {label}
          </span>
          <FileTrigger acceptedFileTypes={acceptedFileTypes} onSelect={(list) => pick(list?.[0])}>
            <AriaButton css={quizButtonStyles} data-variant="active" isDisabled={isDisabled}>
              Escolher arquivo
            </AriaButton>
          </FileTrigger>
          <span className="upload-hint">
            {describeFileTypes(acceptedFileTypes)}, até {formatFileSize(maxFileSize)}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="upload-error">
          {error}
        </p>
      )}
    </div>
  );
}
