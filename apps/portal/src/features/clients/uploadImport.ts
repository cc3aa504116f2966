import { client, toApiError, type PatientImportResult } from '@acompanha/api-client';
import { store } from '../../app/store';
import type { ImportMapping } from './importFile';

/**
 * POSTs the spreadsheet to `/patient/import` as multipart (`file` + `mapping` JSON), reporting the
 * upload's progress (fetch cannot). Resolves with the report; rejects with the API's `ApiError`.
 */
export function uploadImport(
  file: File,
  mapping: ImportMapping | null,
  onProgress: (percent: number) => void,
): Promise<PatientImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name);
    if (mapping) form.append('mapping', JSON.stringify(mapping));

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${client.getConfig().baseUrl ?? '/api'}/patient/import`);
    const jwt = store.getState().session.jwt;
    if (jwt) xhr.setRequestHeader('Authorization', `Bearer ${jwt}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as PatientImportResult);
      } else {
        // The central handler never sees this call: a 401 still has to end the session.
        if (xhr.status === 401) store.logout();
        reject(toApiError(body, xhr.status));
      }
    };
    xhr.onerror = () => reject(toApiError(new Error('network'), undefined));
    xhr.send(form);
  });
}
