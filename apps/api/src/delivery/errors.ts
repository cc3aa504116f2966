import type { ErrorCode } from '../errors/codes.js';

/** A channel failed to deliver. `permanent`: retrying will not help (e.g. the provider refused the recipient). */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  constructor(
    public readonly code: Extract<ErrorCode, 'NOTIFICATION_CHANNEL_ERROR' | 'WHATSAPP_INTEGRATION_ERROR'>,
    message: string,
    options: { permanent?: boolean } = {},
  ) {
    super(message);
    this.name = 'DeliveryError';
    this.permanent = options.permanent ?? false;
  }
}
