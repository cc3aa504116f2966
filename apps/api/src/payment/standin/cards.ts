/**
 * The test cards of the local stand-in gateway. Like the Asaas sandbox, any card number approves
 * (https://docs.asaas.com/docs/testando-pagamento-com-cartão-de-crédito: "Todos esses irão funcionar e
 * confirmar o pagamento"), except:
 *
 * | Number             | Brand      | Outcome                                                                  |
 * | ------------------ | ---------- | ------------------------------------------------------------------------ |
 * | `5162306219378829` | MASTERCARD | approved (the card in Asaas's examples)                                  |
 * | `5184019740373151` | MASTERCARD | refused at tokenization: 400 `invalid_action` (Asaas's refused test card, |
 * | `4916561358240741` | VISA       | answered as the sandbox answers it, fixtures/error-card-refused-sandbox)  |
 * | `4000000000003006` | VISA       | ours: each charge waits in risk analysis (`PENDING`, then                 |
 * |                    |            | `AWAITING_RISK_ANALYSIS`), confirmed after `pendingDelayMs` of clock time |
 * | `4000000000004004` | VISA       | ours: tokenizes, but every charge is refused (400 `invalid_creditCard`    |
 * |                    |            | when a subscription is created for today; `OVERDUE` on a renewal)         |
 * | `4000000000005001` | VISA       | ours: creating a subscription for today charges it, then the answer only  |
 * |                    |            | comes after `timeoutCardDelayMs` and is a 504 (the caller times out)      |
 *
 * Any future expiry date and any 3 or 4 digit security code are accepted. The number and the code are
 * used only to decide the outcome: the stand-in keeps the brand, the last 4 digits and the outcome.
 */

export const STANDIN_TEST_CARDS = {
  approved: '5162306219378829',
  refusedMastercard: '5184019740373151',
  refusedVisa: '4916561358240741',
  riskAnalysis: '4000000000003006',
  refusedOnCharge: '4000000000004004',
  timeout: '4000000000005001',
} as const;

/** What charging a tokenized card does. */
export type CardBehaviour = 'approve' | 'risk_analysis' | 'refuse_charge' | 'timeout';

/** For the UI's help text (Portuguese, shown to the professional in development). */
export const STANDIN_TEST_CARD_HELP: readonly { number: string; brand: string; outcome: string }[] = [
  { number: STANDIN_TEST_CARDS.approved, brand: 'Mastercard', outcome: 'Pagamento aprovado.' },
  { number: STANDIN_TEST_CARDS.refusedMastercard, brand: 'Mastercard', outcome: 'Cartão recusado na validação.' },
  { number: STANDIN_TEST_CARDS.refusedVisa, brand: 'Visa', outcome: 'Cartão recusado na validação.' },
  {
    number: STANDIN_TEST_CARDS.riskAnalysis,
    brand: 'Visa',
    outcome: 'Pagamento em análise, confirmado alguns segundos depois.',
  },
  {
    number: STANDIN_TEST_CARDS.refusedOnCharge,
    brand: 'Visa',
    outcome: 'Cartão aceito, mas toda cobrança é recusada.',
  },
  {
    number: STANDIN_TEST_CARDS.timeout,
    brand: 'Visa',
    outcome: 'A assinatura é criada e cobrada, mas a resposta não chega a tempo.',
  },
];

const REFUSED_AT_TOKENIZATION = new Set<string>([STANDIN_TEST_CARDS.refusedMastercard, STANDIN_TEST_CARDS.refusedVisa]);

export type TokenizeOutcome = { refused: true } | { refused: false; behaviour: CardBehaviour };

/** How a (digits only) card number behaves in the stand-in. */
export function cardOutcome(digits: string): TokenizeOutcome {
  if (REFUSED_AT_TOKENIZATION.has(digits)) return { refused: true };
  switch (digits) {
    case STANDIN_TEST_CARDS.riskAnalysis:
      return { refused: false, behaviour: 'risk_analysis' };
    case STANDIN_TEST_CARDS.refusedOnCharge:
      return { refused: false, behaviour: 'refuse_charge' };
    case STANDIN_TEST_CARDS.timeout:
      return { refused: false, behaviour: 'timeout' };
    default:
      return { refused: false, behaviour: 'approve' };
  }
}

const startsWithAny = (d: string, prefixes: string[]) => prefixes.some((p) => d.startsWith(p));
const inRange = (d: string, len: number, lo: number, hi: number) => {
  const n = Number(d.slice(0, len));
  return n >= lo && n <= hi;
};

/** The brand as Asaas names it, from the number's leading digits (IIN ranges). */
export function cardBrand(d: string): string {
  if (startsWithAny(d, ['4011', '4312', '4389', '4514', '4576', '5041', '5066', '5067', '509', '6277', '6362', '6363']))
    return 'ELO';
  if (startsWithAny(d, ['606282', '3841'])) return 'HIPERCARD';
  if (d.startsWith('4')) return 'VISA';
  if (inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720)) return 'MASTERCARD';
  if (startsWithAny(d, ['34', '37'])) return 'AMEX';
  if (startsWithAny(d, ['36', '38']) || inRange(d, 3, 300, 305)) return 'DINERS';
  if (startsWithAny(d, ['6011', '65'])) return 'DISCOVER';
  if (d.startsWith('35')) return 'JCB';
  return 'UNKNOWN';
}
