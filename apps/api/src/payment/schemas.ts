/** Request and response schemas of the subscription calls (spec section 7, "Payment"). */
import { z } from 'zod';
import { isValidCpf, onlyDigits, PHONE_PATTERN } from '../lib/br.js';
import { CHARGE_STATUSES, SUBSCRIPTION_STATUSES } from '../db/schema.js';
import { PLAN_IDS } from './plans.js';

const instant = () => z.iso.datetime();
const day = () => z.iso.date();

export const PlanIdSchema = z.enum(PLAN_IDS).meta({ id: 'PlanId', description: 'monthly or yearly.' });

export const AppServiceSchema = z
  .object({
    id: PlanIdSchema,
    name: z.string(),
    priceCents: z.int().meta({ description: 'Price of one cycle in cents (BRL).' }),
    cycle: z.enum(['MONTHLY', 'YEARLY']),
    includes: z.array(z.string()).meta({ description: 'What the plan includes (Portuguese).' }),
    savingCents: z.int().meta({ description: 'What a year of this plan saves against twelve monthly charges.' }),
  })
  .meta({ id: 'AppService', description: 'A subscription plan.' });

export const AppServiceListSchema = z
  .object({ items: z.array(AppServiceSchema) })
  .meta({ id: 'AppServiceList', description: 'The plans on sale.' });

export const SignatureCardSchema = z
  .object({
    brand: z.string(),
    last4: z.string(),
    expiryMonth: z.string().nullable(),
    expiryYear: z.string().nullable(),
  })
  .meta({ id: 'SignatureCard', description: 'The card the subscription is charged on: never its number.' });

export const SignatureDetailSchema = z
  .object({
    state: z.enum(SUBSCRIPTION_STATUSES),
    plan: z.string().nullable().meta({ description: 'trial, monthly or yearly.' }),
    trialEndsAt: instant().nullable(),
    currentPeriodStart: instant().nullable(),
    currentPeriodEnd: instant().nullable(),
    nextChargeAt: instant().nullable(),
    cancelAt: instant().nullable(),
    cancelReason: z.string().nullable(),
    card: SignatureCardSchema.nullable(),
    chargePending: z.boolean().meta({ description: 'A charge is still being decided (risk analysis): follow it.' }),
    graceEndsAt: instant().nullable().meta({ description: 'past_due: when the account expires without payment.' }),
    nextRetryAt: instant()
      .nullable()
      .meta({ description: 'past_due: when the refused charge is tried again on the card (null: no retry left).' }),
    refundAllowed: z.boolean().meta({ description: 'Within 7 days of the first charge (CDC art. 49).' }),
    refundAllowedUntil: instant().nullable(),
  })
  .meta({ id: 'SignatureDetail', description: "The professional's subscription (assinatura) in full." });

export const ChargeStatusSchema = z.enum(CHARGE_STATUSES).meta({ id: 'ChargeStatus' });

export const ChargeReceiptSchema = z
  .object({
    number: z.string(),
    issuedTo: z.string(),
    document: z.string().nullable(),
    description: z.string(),
    amountCents: z.int(),
    paidDate: day(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
  })
  .meta({ id: 'ChargeReceipt', description: 'The receipt of a paid charge (read only while signed in).' });

export const ChargeSchema = z
  .object({
    id: z.uuid(),
    state: ChargeStatusSchema,
    plan: z.string().nullable(),
    amountCents: z.int(),
    refundedCents: z.int(),
    dueDate: day(),
    paidDate: day().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    receipt: ChargeReceiptSchema.nullable(),
  })
  .meta({ id: 'Charge', description: 'One charge of the subscription.' });

export const ChargeHistorySchema = z
  .object({ items: z.array(ChargeSchema) })
  .meta({ id: 'ChargeHistory', description: 'Every charge, newest first.' });

/** Luhn check digit. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const CARD_NUMBER = 'Número do cartão inválido.';
const text = (max: number, message: string) => z.string().trim().min(1, message).max(max, message);

export const CardBody = z
  .object({
    holderName: text(100, 'Informe o nome impresso no cartão.'),
    number: z
      .string()
      .max(30, CARD_NUMBER)
      .refine((v) => /^[\d .-]+$/.test(v) && /^\d{13,19}$/.test(onlyDigits(v)) && luhn(onlyDigits(v)), CARD_NUMBER)
      .transform(onlyDigits)
      .meta({ description: 'Never stored nor logged: sent once to the gateway to make a card token.' }),
    expiryMonth: z
      .string()
      .regex(/^(0?[1-9]|1[0-2])$/, 'Mês de validade inválido.')
      .max(2)
      .transform((v) => v.padStart(2, '0')),
    expiryYear: z
      .string()
      .regex(/^(\d{2}|\d{4})$/, 'Ano de validade inválido.')
      .max(4)
      .transform((v) => (v.length === 2 ? `20${v}` : v)),
    cvv: z
      .string()
      .regex(/^\d{3,4}$/, 'Código de segurança inválido.')
      .max(4)
      .meta({ description: 'Never stored nor logged.' }),
  })
  .strict();

export const CardHolderBody = z
  .object({
    cpf: z
      .string()
      .trim()
      .max(20, 'CPF do titular inválido.')
      .refine(isValidCpf, 'CPF do titular inválido.')
      .transform(onlyDigits),
    postalCode: z
      .string()
      .trim()
      .max(10, 'CEP inválido.')
      .regex(/^\d{5}-?\d{3}$/, 'CEP inválido.')
      .transform(onlyDigits),
    addressNumber: text(10, 'Informe o número do endereço.'),
    addressComplement: z.string().trim().max(60).optional(),
    phone: z
      .string()
      .trim()
      .max(30, 'Telefone inválido: informe DDD e número.')
      .regex(PHONE_PATTERN, 'Telefone inválido: informe DDD e número.')
      .transform(onlyDigits),
  })
  .strict();

export const SubscribeBody = z
  .object({
    plan: z.enum(PLAN_IDS),
    card: CardBody,
    holder: CardHolderBody,
    coupon: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
export type SubscribeInput = z.infer<typeof SubscribeBody>;

export const CreditCardBody = z.object({ card: CardBody, holder: CardHolderBody }).strict();
export type CreditCardInput = z.infer<typeof CreditCardBody>;

export const CancelBody = z
  .object({ reason: z.string().trim().min(1, 'Conte o motivo do cancelamento.').max(500, 'Use até 500 caracteres.') })
  .strict();

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key deve ter de 8 a 100 caracteres.')
    .max(100, 'Idempotency-Key deve ter de 8 a 100 caracteres.')
    .regex(/^[\w.:-]+$/, 'Idempotency-Key aceita letras, números e . _ : -')
    .meta({
      description:
        'Required. A fresh value (a UUID) per purchase the professional means; the same value with the same body ' +
        'answers what the first call answered (kept 24 hours), with another body is refused.',
    }),
});

export const WebhookAckSchema = z
  .object({ received: z.boolean(), duplicate: z.boolean() })
  .meta({ id: 'GatewayWebhookAck', description: 'The delivery was stored (or was a repeat and ignored).' });
