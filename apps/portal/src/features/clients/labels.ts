import type { ServiceModality } from '@acompanha/api-client';
import { formatPhoneBR } from '@acompanha/ui';

export const MODALITY_LABELS: Record<ServiceModality, string> = {
  presencial: 'Presencial',
  online: 'Online',
  hibrido: 'Híbrido',
};

export const MODALITIES = Object.keys(MODALITY_LABELS) as ServiceModality[];

/** `+5511912345678` (E.164, as the API stores it) → `(11) 91234-5678`; foreign numbers stay as they are. */
export function formatPatientPhone(phone: string | null): string {
  if (!phone) return '';
  if (phone.startsWith('+') && !phone.startsWith('+55')) return phone;
  return formatPhoneBR(phone.replace(/^\+55/, ''));
}
