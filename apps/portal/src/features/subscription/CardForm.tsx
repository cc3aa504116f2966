import { subscribeLimits } from '@acompanha/api-client';
/**
 * The card and its holder, for subscribing and for swapping the card. The number and the security code
 * live only in this component's state while it is on screen: never in a store, a URL or a log.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SubscribeData } from '@acompanha/api-client';
import { Button, DocumentField, Form, PhoneField, Stack, Text, TextField, onlyDigits } from '@acompanha/ui';
import {
  brandName,
  cardNumberError,
  cepError,
  cpfError,
  cvvError,
  detectBrand,
  expiryError,
  formatCardNumber,
  formatCep,
  formatExpiry,
  parseExpiry,
} from './card';

export type CardFormValues = Pick<SubscribeData['body'], 'card' | 'holder' | 'coupon'>;

export interface CardFormProps {
  /** The form's accessible name. */
  'aria-label': string;
  /** What the submit button says ("Assinar", "Trocar cartão"). */
  submitLabel: string;
  /**
   * Offers the coupon field (subscribing only).
   * @default false
   */
  hasCoupon?: boolean;
  /** The API's field errors, keyed by this form's field names (see `cardFieldErrors`). */
  serverErrors?: Record<string, string>;
  /** The request is on its way: the submit button spins and nothing can be sent twice. */
  isPending?: boolean;
  /** Content above the fields (the plan choice). */
  children?: ReactNode;
  /** Extra actions beside the submit button ("Cancelar"). */
  secondaryAction?: ReactNode;
  onSubmit: (values: CardFormValues) => void;
}

const grid = {
  display: 'grid',
  gap: 'var(--space-4)',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
} as const;

/** The stand-in gateway's test cards, shown only in development builds. */
const TEST_CARDS = [
  ['5162 3062 1937 8829', 'aprovado'],
  ['5184 0197 4037 3151', 'recusado na validação'],
  ['4000 0000 0000 3006', 'em análise, confirmado em seguida'],
  ['4000 0000 0000 4004', 'cobrança recusada'],
] as const;

export function CardForm({
  submitLabel,
  hasCoupon = false,
  serverErrors = {},
  isPending = false,
  children,
  secondaryAction,
  onSubmit,
  ...props
}: CardFormProps) {
  const [holderName, setHolderName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [cpf, setCpf] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [addressNumber, setAddressNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [coupon, setCoupon] = useState('');
  const brand = detectBrand(number);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseExpiry(expiry);
    if (!parsed) return;
    onSubmit({
      card: {
        holderName: holderName.trim(),
        number: onlyDigits(number),
        expiryMonth: parsed.month,
        expiryYear: parsed.year,
        cvv,
      },
      holder: { cpf, postalCode: onlyDigits(postalCode), addressNumber: addressNumber.trim(), phone },
      ...(hasCoupon && coupon.trim() ? { coupon: coupon.trim() } : {}),
    });
  }

  return (
    <Form aria-label={props['aria-label']} onSubmit={submit} validationErrors={serverErrors}>
      {children}
      <TextField
        label="Nome impresso no cartão"
        maxLength={subscribeLimits['card.holderName'].maxLength}
        name="holderName"
        autoComplete="cc-name"
        isRequired
        value={holderName}
        onChange={setHolderName}
        errorMessage="Informe o nome impresso no cartão."
      />
      <TextField
        label="Número do cartão"
        name="number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="0000 0000 0000 0000"
        value={formatCardNumber(number)}
        onChange={(text) => setNumber(onlyDigits(text))}
        validate={cardNumberError}
        description={brand ? `Bandeira: ${brandName(brand)}` : undefined}
      />
      <div css={grid}>
        <TextField
          label="Validade (MM/AA)"
          name="expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/AA"
          value={formatExpiry(expiry)}
          onChange={(text) => setExpiry(onlyDigits(text))}
          validate={(text) => expiryError(text)}
        />
        <TextField
          label="Código de segurança (CVV)"
          name="cvv"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          value={cvv}
          onChange={(text) => setCvv(onlyDigits(text))}
          validate={cvvError}
        />
      </div>
      <div css={grid}>
        <DocumentField
          kind="cpf"
          label="CPF do titular"
          name="cpf"
          isRequired
          value={cpf}
          onChange={setCpf}
          validate={cpfError}
        />
        <PhoneField label="Telefone do titular" name="phone" isRequired value={phone} onChange={setPhone} />
      </div>
      <div css={grid}>
        <TextField
          label="CEP"
          name="postalCode"
          autoComplete="postal-code"
          inputMode="numeric"
          placeholder="00000-000"
          value={formatCep(postalCode)}
          onChange={(text) => setPostalCode(onlyDigits(text))}
          validate={cepError}
        />
        <TextField
          label="Número do endereço"
          name="addressNumber"
          isRequired
          maxLength={10}
          value={addressNumber}
          onChange={setAddressNumber}
          errorMessage="Informe o número do endereço."
        />
      </div>
      {hasCoupon ? (
        <TextField
          label="Cupom de desconto (opcional)"
          name="coupon"
          maxLength={40}
          value={coupon}
          onChange={setCoupon}
        />
      ) : null}
      {import.meta.env.DEV ? (
        <details>
          <summary>
            <Text as="span" variant="small">
              Cartões de teste (ambiente de desenvolvimento)
            </Text>
          </summary>
          <Text variant="small">Use qualquer validade futura e qualquer CVV.</Text>
          <ul css={{ margin: 0, paddingLeft: 'var(--space-5)', fontSize: 'var(--font-size-sm)' }}>
            {TEST_CARDS.map(([n, outcome]) => (
              <li key={n}>
                {n}: {outcome}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <Stack direction="row" gap={2} justify="flex-end" wrap>
        {secondaryAction}
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
