import type { SurveyFile } from '@acompanha/machines';
import type { FileAnswer } from '@acompanha/ui';

/** The file answer while it is picked and sent. */
export interface FileDraft {
  file: FileAnswer | null;
  /** Set once the upload finished: what the answer sends. */
  uploaded: SurveyFile | null;
  /** 0–100 while sending (100 when sent). */
  progress?: number;
  error?: string;
}

export const emptyFileDraft: FileDraft = { file: null, uploaded: null };
