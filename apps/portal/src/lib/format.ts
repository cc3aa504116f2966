const TZ = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/MM/yyyy` in São Paulo time. */
export function formatDateBR(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Integer cents as `R$ 1.234,56`. */
export function formatBRL(cents: number): string {
  return money.format(cents / 100);
}
