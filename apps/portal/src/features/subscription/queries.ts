/** The subscription's reads, their keys and their refresh, in one place. */
import type { QueryClient } from '@tanstack/react-query';
import {
  getSignatureHistoryOptions,
  getSignatureHistoryQueryKey,
  getSignatureOptions,
  getSignatureQueryKey,
  handled,
  listAppServicesOptions,
  type ApiErrorCode,
} from '@acompanha/api-client';

export const signatureOptions = () => getSignatureOptions();
export const signatureHistoryOptions = () => getSignatureHistoryOptions();
/** The plans change only with a release. */
export const plansOptions = () => ({ ...listAppServicesOptions(), staleTime: Infinity });

/** After any change: the subscription and its history are read again (awaited, so `isPending` holds). */
export const refreshSubscription = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getSignatureQueryKey() }),
    queryClient.invalidateQueries({ queryKey: getSignatureHistoryQueryKey() }),
  ]);

/** Codes the card screens show beside the form rather than as a toast. */
export const CARD_FORM_CODES: ApiErrorCode[] = [
  'WRONG_COMMAND_PARAMETERS',
  'CREDIT_CARD_TOKENIZATION_FAILED',
  'PAYMENT_ATTEMPT_FAILED',
  'INVALID_COUPON',
  'COSTUMER_ALREADY_HAS_SIGNATURE',
  'CUSTOMER_REGISTRATION_NOT_COMPLETED',
  'RECURRENT_PAYMENT_CREATION_FAILED',
  'CUSTOMER_CREATION_FAILED',
];
export const CARD_FORM_META = handled(...CARD_FORM_CODES, 'PAYMENT_PENDING');
