import { useEffect, useRef } from 'react';
import { FileUploadAnswer, type FileAnswer } from '@acompanha/ui';
import type { FileUploadConfig } from '@acompanha/api-client';
import { signAnswerUpload } from '../lib/api';
import { putSignedFile } from '@acompanha/api-client';
import { emptyFileDraft, type FileDraft } from './fileDraft';

export interface FileUploadFieldProps {
  questionId: string;
  label: string;
  config: Partial<FileUploadConfig>;
  /** The survey token (the upload is signed for this link and question). */
  token: string;
  value: FileDraft;
  onChange: (next: FileDraft) => void;
}

function uploadErrorMessage(error: unknown): string {
  const e = error as { status?: number; code?: string; name?: string };
  if (e?.code === 'WRONG_COMMAND_PARAMETERS' || e?.status === 400)
    return 'Este arquivo não pode ser enviado para esta pergunta. Confira o tipo e o tamanho e escolha outro.';
  if (e?.status === 401) return 'Sua sessão expirou. Recarregue a página e digite o PIN de novo.';
  return 'Não foi possível enviar o arquivo. Verifique sua internet e escolha o arquivo de novo.';
}

/**
 * The file-upload answer: as soon as a file is picked it is sent (`POST /file/signed-url` with the
 * survey token, then a PUT that reports progress), and the answer holds the stored key.
 * Loaded only when a file question comes up.
 */
export default function FileUploadField({ questionId, label, config, token, value, onChange }: FileUploadFieldProps) {
  const xhr = useRef<XMLHttpRequest | null>(null);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => () => xhr.current?.abort(), []);

  async function upload(file: File, picked: FileAnswer) {
    onChange({ file: picked, uploaded: null, progress: 0 });
    try {
      const signed = await signAnswerUpload(file, questionId, token);
      await putSignedFile(
        file,
        signed.uploadData,
        (progress) => {
          if (latest.current.file === picked) onChange({ ...latest.current, progress: Math.min(progress, 99) });
        },
        xhr,
      );
      if (latest.current.file !== picked) return;
      onChange({
        file: picked,
        uploaded: { key: signed.key, name: file.name, contentType: file.type, size: file.size },
        progress: 100,
      });
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError' || latest.current.file !== picked) return;
      onChange({ file: null, uploaded: null, error: uploadErrorMessage(error) });
    }
  }

  return (
    <FileUploadAnswer
      label={label}
      acceptedFileTypes={config.acceptedTypes?.length ? config.acceptedTypes : undefined}
      maxFileSize={config.maxSizeMb ? config.maxSizeMb * 1024 * 1024 : undefined}
      value={value.file}
      progress={value.progress}
      errorMessage={value.error}
      onChange={(picked, file) => {
        xhr.current?.abort();
        if (picked && file) void upload(file, picked);
        else onChange(emptyFileDraft);
      }}
    />
  );
}
