/** How a sale reads: payment method, state (a badge), the days it covers. */
import type { PaymentMethod, Sale, SaleStatus } from '@acompanha/api-client';
import { Badge } from '@acompanha/ui';
import { formatCalendarDate, lastCoveredDay } from '../../lib/dates';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  cartao: 'Cartão',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  transferencia: 'Transferência',
};

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { paid: 'Paga', refunded: 'Reembolsada' };

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <Badge tone={status === 'paid' ? 'success' : 'neutral'}>{SALE_STATUS_LABELS[status]}</Badge>;
}

/** `10/11/2026 a 09/12/2026`: the days the sale covers. */
export function salePeriod(sale: Pick<Sale, 'startsAt' | 'endsAt'>): string {
  return `${formatCalendarDate(sale.startsAt)} a ${formatCalendarDate(lastCoveredDay(sale.endsAt))}`;
}
