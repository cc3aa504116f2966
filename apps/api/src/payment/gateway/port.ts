/**
 * The payment gateway port: what the API needs from a gateway to sell the professional a recurring
 * card subscription. Every implementation follows it: the Asaas HTTP adapter (asaas.ts) and the
 * local stand-in that serves the same Asaas HTTP shapes when no API key is configured.
 *
 * Conventions on our side of the port:
 * - money is integer cents (39000 is R$ 390,00); adapters convert to and from the gateway's format;
 * - calendar dates are `YYYY-MM-DD` strings (São Paulo dates, as the gateway writes them);
 * - the card number and CVV only ever travel in `tokenizeCard`'s input: nothing returns, stores,
 *   logs or puts them in an error;
 * - every failure is a `GatewayError` (errors.ts) whose `code` the API can answer with and whose
 *   `retryable` says whether trying the same call again may succeed.
 */
/** Integer cents. */
export type Cents = number;
/** A calendar date written `YYYY-MM-DD`. */
export type CalendarDate = string;

export type BillingCycle = 'MONTHLY' | 'YEARLY';

export interface CustomerInput {
  /** Our id for the professional; the gateway keeps it so a retry finds the customer again. */
  externalReference: string;
  name: string;
  email: string;
  /** CPF (11 digits) or CNPJ (14), punctuation allowed. Asaas requires it to create a customer. */
  cpfCnpj: string;
  /** Brazilian phone with area code, punctuation allowed. */
  phone?: string;
}

export interface GatewayCustomer {
  id: string;
  externalReference: string | null;
  name: string;
  email: string | null;
}

/** The card as typed by its holder. Never stored, logged or returned. */
export interface CardInput {
  holderName: string;
  number: string;
  /** Two digits, `01`–`12`. */
  expiryMonth: string;
  /** Four digits. */
  expiryYear: string;
  /** The security code (CVV). */
  ccv: string;
}

/** The card holder as the issuer knows them (a mismatch can make the issuer refuse the card). */
export interface CardHolderInput {
  name: string;
  email: string;
  cpfCnpj: string;
  postalCode: string;
  addressNumber: string;
  addressComplement?: string;
  phone: string;
  mobilePhone?: string;
}

export interface TokenizeCardInput {
  customerId: string;
  card: CardInput;
  holder: CardHolderInput;
  /** The buyer's IP address (not our server's). */
  remoteIp: string;
}

/** A card token belongs to the customer it was made for and cannot be used for another one. */
export interface CardToken {
  token: string;
  /** Upper case, as the gateway names it: `VISA`, `MASTERCARD`, `ELO`… */
  brand: string;
  last4: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface CreateSubscriptionInput {
  customerId: string;
  valueCents: Cents;
  cycle: BillingCycle;
  /** The first charge's date; today charges the card during the call. */
  nextDueDate: CalendarDate;
  cardToken: string;
  /** The caller's attempt id: after a timeout, `findSubscriptionsByReference` finds what was made. */
  externalReference: string;
  description: string;
  remoteIp: string;
}

export type SubscriptionStatus = 'active' | 'inactive' | 'expired';

export interface GatewaySubscription {
  id: string;
  customerId: string;
  valueCents: Cents;
  /** `MONTHLY` or `YEARLY` for what we create; another gateway value is passed through as is. */
  cycle: BillingCycle | (string & {});
  nextDueDate: CalendarDate;
  status: SubscriptionStatus;
  deleted: boolean;
  externalReference: string | null;
  description: string | null;
  card: CardSummary | null;
}

/**
 * A charge's state, gateway-neutral. `confirmed` is a captured card payment whose money is not yet
 * available; `received` has been settled. `other` is a status this port does not model.
 */
export type PaymentStatus =
  | 'pending'
  | 'awaiting_risk_analysis'
  | 'confirmed'
  | 'received'
  | 'overdue'
  | 'refund_requested'
  | 'refunded'
  | 'chargeback'
  | 'other';

export interface GatewayPayment {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  valueCents: Cents;
  /** What is left after the gateway's fee, when known. */
  netValueCents: Cents | null;
  status: PaymentStatus;
  /** The gateway's own status word (`CONFIRMED`, `CHARGEBACK_DISPUTE`…), for logs and support. */
  gatewayStatus: string;
  dueDate: CalendarDate;
  /** When the card was captured or the money arrived, when it did. */
  paidDate: CalendarDate | null;
  externalReference: string | null;
  card: CardSummary | null;
  invoiceUrl: string | null;
  deleted: boolean;
}

export interface CreatedSubscription {
  subscription: GatewaySubscription;
  /** The earliest charge of the new subscription (null when the gateway has not generated one). */
  firstPayment: GatewayPayment | null;
}

export interface UpdateCardInput {
  cardToken: string;
  remoteIp: string;
}

/** A verified webhook delivery. `type` is the gateway's event name (`PAYMENT_CONFIRMED`…). */
export interface GatewayEvent {
  /** The delivery's event id: the same on a redelivery, so it is the deduplication key. */
  id: string;
  type: string;
  /** ISO 8601 instant the gateway says the event happened, when it says. */
  occurredAt?: string;
  payment?: GatewayPayment;
  subscription?: GatewaySubscription;
  subscriptionId?: string;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  /** The customer whose `externalReference` is given, created when there is none. */
  findOrCreateCustomer(input: CustomerInput): Promise<GatewayCustomer>;
  /** Validates the card with the issuer and returns a reusable token. */
  tokenizeCard(input: TokenizeCardInput): Promise<CardToken>;
  /**
   * Creates the recurring card subscription and reads its first charge. Throws `PAYMENT_ATTEMPT_FAILED`
   * when the card is refused (nothing is created then) and `PAYMENT_PENDING` when the subscription
   * exists but a charge due today is still pending or under risk analysis (its ids are in the error's
   * `context`; the outcome arrives by webhook).
   */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  /** Active and inactive subscriptions carrying `externalReference` (deleted ones are left out). */
  findSubscriptionsByReference(externalReference: string): Promise<GatewaySubscription[]>;
  getSubscription(id: string): Promise<GatewaySubscription>;
  /** The subscription's charges, oldest due date first. */
  listSubscriptionPayments(id: string): Promise<GatewayPayment[]>;
  /** Switches the card used by the next charges (and the pending ones) without charging now. */
  updateSubscriptionCard(id: string, input: UpdateCardInput): Promise<GatewaySubscription>;
  /** Ends the recurrence: no further charges are generated. */
  cancelSubscription(id: string): Promise<void>;
  getPayment(id: string): Promise<GatewayPayment>;
  /**
   * Charges an open (pending or overdue) charge now on the card of `cardToken`: our retry of a refused
   * renewal. Throws `PAYMENT_ATTEMPT_FAILED` when the card is refused (the charge stays open) and when the
   * charge cannot be paid (already paid, refunded); a timeout leaves the outcome to `getPayment`.
   */
  payWithCardToken(paymentId: string, input: { cardToken: string }): Promise<GatewayPayment>;
  /** Refunds the whole charge, or `valueCents` of it. */
  refundPayment(id: string, valueCents?: Cents): Promise<GatewayPayment>;
  /**
   * Authenticates a webhook delivery (the configured token, compared in constant time) and reads it.
   * Throws `WebhookRejected` when the token is missing or wrong, or the body is not an event.
   */
  parseWebhook(headers: WebhookHeaders, rawBody: string | Uint8Array): GatewayEvent;
}
