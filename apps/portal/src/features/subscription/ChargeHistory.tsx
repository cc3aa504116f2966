/** Every charge of the subscription: a table on a wide screen, a list of cards on a phone; each paid charge has its receipt. */
import { useState } from 'react';
import { Global } from '@emotion/react';
import type { Charge, ChargeReceipt, ChargeStatus } from '@acompanha/api-client';
import { Badge, Button, Modal, Stack, Text, formatCpf, useIsMobile, type BadgeTone } from '@acompanha/ui';
import { formatBRL } from '../../lib/format';
import { brandName } from './card';

const STATUS: Record<ChargeStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'info' },
  awaiting_risk_analysis: { label: 'Em análise', tone: 'info' },
  overdue: { label: 'Recusada', tone: 'danger' },
  confirmed: { label: 'Confirmada', tone: 'success' },
  received: { label: 'Paga', tone: 'success' },
  refund_requested: { label: 'Reembolso solicitado', tone: 'warning' },
  refunded: { label: 'Reembolsada', tone: 'neutral' },
  chargeback: { label: 'Contestada', tone: 'danger' },
};

/** A calendar date `YYYY-MM-DD` as `dd/MM/yyyy` (no time zone shift). */
const dayBR = (day: string) => day.split('-').reverse().join('/');
const cardText = (brand: string | null, last4: string | null) => (last4 ? `${brandName(brand)} final ${last4}` : '—');

export function ChargeHistory({ charges }: { charges: Charge[] }) {
  const isMobile = useIsMobile();
  const [receipt, setReceipt] = useState<ChargeReceipt | null>(null);
  if (charges.length === 0) return <Text variant="muted">Nenhuma cobrança até agora.</Text>;

  const receiptButton = (charge: Charge) =>
    charge.receipt ? (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Recibo de ${dayBR(charge.paidDate ?? charge.dueDate)}`}
        onPress={() => setReceipt(charge.receipt)}
      >
        Recibo
      </Button>
    ) : null;

  return (
    <>
      {isMobile ? (
        <ul
          aria-label="Histórico de cobranças"
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--space-3)' }}
        >
          {charges.map((charge) => (
            <li
              key={charge.id}
              css={{
                border: '1px solid var(--color-border)',
                borderRadius: 'var(--radius-md)',
                padding: 'var(--space-3)',
                display: 'grid',
                gap: 'var(--space-2)',
              }}
            >
              <Stack direction="row" justify="space-between" align="center" gap={2} wrap>
                <strong>{formatBRL(charge.amountCents)}</strong>
                <Badge tone={STATUS[charge.state].tone}>{STATUS[charge.state].label}</Badge>
              </Stack>
              <Text variant="small">
                {dayBR(charge.paidDate ?? charge.dueDate)} · {cardText(charge.cardBrand, charge.cardLast4)}
              </Text>
              <div>{receiptButton(charge)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <table
          css={{
            width: '100%',
            borderCollapse: 'collapse',
            '& th, & td': {
              textAlign: 'left',
              padding: 'var(--space-2) var(--space-3)',
              borderBottom: '1px solid var(--color-border)',
            },
            '& th': { color: 'var(--color-text-muted)', fontWeight: 600, fontSize: 'var(--font-size-sm)' },
          }}
        >
          <caption
            css={{
              textAlign: 'left',
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
            Histórico de cobranças
          </caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Valor</th>
              <th scope="col">Situação</th>
              <th scope="col">Cartão</th>
              <th scope="col">
                <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Recibo
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {charges.map((charge) => (
              <tr key={charge.id}>
                <td>{dayBR(charge.paidDate ?? charge.dueDate)}</td>
                <td>{formatBRL(charge.amountCents)}</td>
                <td>
                  <Badge tone={STATUS[charge.state].tone}>{STATUS[charge.state].label}</Badge>
                </td>
                <td>{cardText(charge.cardBrand, charge.cardLast4)}</td>
                <td css={{ textAlign: 'right' }}>{receiptButton(charge)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        isOpen={receipt !== null}
        onOpenChange={(open) => !open && setReceipt(null)}
        isDismissable
        title={receipt ? `Recibo nº ${receipt.number}` : 'Recibo'}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={close}>
              Fechar
            </Button>
            <Button onPress={() => window.print()}>Imprimir</Button>
          </>
        )}
      >
        {receipt ? <Receipt receipt={receipt} /> : null}
      </Modal>
    </>
  );
}

function Receipt({ receipt }: { receipt: ChargeReceipt }) {
  const rows: [string, string][] = [
    ['Recebemos de', receipt.issuedTo],
    ...(receipt.document ? ([['CPF', formatCpf(receipt.document)]] as [string, string][]) : []),
    ['Valor', formatBRL(receipt.amountCents)],
    ['Referente a', receipt.description],
    ['Pago em', dayBR(receipt.paidDate)],
    ['Forma de pagamento', `Cartão de crédito ${cardText(receipt.cardBrand, receipt.cardLast4)}`],
  ];
  return (
    <div data-receipt>
      {/* Printing shows the receipt alone, not the page behind the dialog. */}
      <Global
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '[data-receipt], [data-receipt] *': { visibility: 'visible' },
            '[data-receipt]': { position: 'absolute', inset: '0 auto auto 0', width: '100%' },
          },
        }}
      />
      <dl
        css={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
          gap: 'var(--space-2) var(--space-4)',
          margin: 0,
        }}
      >
        {rows.map(([term, value]) => (
          <div key={term} css={{ display: 'contents' }}>
            <dt css={{ color: 'var(--color-text-muted)' }}>{term}</dt>
            <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
