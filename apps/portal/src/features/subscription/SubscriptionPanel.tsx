/**
 * "Assinatura" in the profile: the subscription's state in words, the plan, the card, the next charge,
 * the history with receipts, and what she can do from here (subscribe, swap the card, cancel, refund).
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AppService, SignatureDetail } from '@acompanha/api-client';
import { trialDaysLeft } from '@acompanha/machines';
import { Badge, Button, Card, Heading, Spinner, Stack, Text, type BadgeTone } from '@acompanha/ui';
import { useActivation } from '../../lib/activation';
import { formatBRL, formatDateBR, plural } from '../../lib/format';
import { brandName } from './card';
import { ChargeHistory } from './ChargeHistory';
import { CancelDialog, RefundDialog, SwapCardDialog } from './ManageDialogs';
import { plansOptions, signatureHistoryOptions, signatureOptions } from './queries';

const TONES: Record<SignatureDetail['state'], BadgeTone> = {
  trial: 'info',
  active: 'success',
  past_due: 'warning',
  cancelled: 'neutral',
  expired: 'danger',
};

/** The state in one sentence ("Ativa — próxima cobrança em 10/12/2026"). */
export function stateInWords(s: SignatureDetail, now: Date = new Date()): string {
  switch (s.state) {
    case 'trial': {
      const days = trialDaysLeft(s, now) ?? 0;
      return days === 0
        ? 'Período de teste: termina hoje'
        : `Período de teste: ${plural(days, 'dia restante', 'dias restantes')}`;
    }
    case 'active':
      return s.nextChargeAt ? `Ativa — próxima cobrança em ${formatDateBR(s.nextChargeAt)}` : 'Ativa';
    case 'past_due':
      return 'Pagamento em atraso';
    case 'cancelled':
      return s.currentPeriodEnd ? `Cancelada — acesso até ${formatDateBR(s.currentPeriodEnd)}` : 'Cancelada';
    case 'expired':
      return 'Expirada';
  }
}

const PLAN_NAMES: Record<string, string> = { trial: 'Período de teste gratuito', monthly: 'Mensal', yearly: 'Anual' };

type Open = 'swap' | 'cancel' | 'refund' | null;

export function SubscriptionPanel() {
  const { data: signature, isError } = useQuery(signatureOptions());
  const { data: history } = useQuery(signatureHistoryOptions());
  const { data: plans } = useQuery(plansOptions());
  const { openActivation, holdReminder } = useActivation();
  // On screen, this panel is the reminder: it says the same and holds the actions.
  useEffect(holdReminder, [holdReminder]);
  const [open, setOpen] = useState<Open>(null);
  // "Atualizar cartão" in the past-due reminder lands here (`/profile#assinatura`).
  const { hash } = useLocation();
  const isLoaded = !!signature;
  useEffect(() => {
    if (hash === '#assinatura' && isLoaded) document.getElementById('assinatura')?.scrollIntoView({ block: 'start' });
  }, [hash, isLoaded]);

  if (!signature) {
    return (
      <Card title="Assinatura">
        {isError ? <Text>Não foi possível carregar sua assinatura.</Text> : <Spinner label="Carregando assinatura" />}
      </Card>
    );
  }

  const plan = plans?.items.find((p) => p.id === signature.plan);
  const canSubscribe = signature.state === 'trial' || signature.state === 'expired';
  const isPaying = signature.state === 'active' || signature.state === 'past_due';
  const card = signature.card;

  return (
    <Card title="Assinatura" id="assinatura">
      <Stack gap={5}>
        <Stack gap={2} align="start">
          <Badge tone={TONES[signature.state]}>{stateInWords(signature)}</Badge>
          {signature.state === 'past_due' ? (
            <Text>
              Não conseguimos cobrar o cartão cadastrado.{' '}
              {signature.nextRetryAt
                ? `Tentaremos de novo em ${formatDateBR(signature.nextRetryAt)}. `
                : 'Não haverá novas tentativas no cartão atual. '}
              {signature.graceEndsAt
                ? `Troque o cartão até ${formatDateBR(signature.graceEndsAt)} para não perder o acesso: a mensalidade é cobrada na hora no novo cartão.`
                : 'Troque o cartão para não perder o acesso: a mensalidade é cobrada na hora no novo cartão.'}
            </Text>
          ) : null}
          {signature.state === 'expired' ? (
            <Text>Sua conta está só para consulta: você pode ver, imprimir e exportar seus registros.</Text>
          ) : null}
        </Stack>

        <dl
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
            gap: 'var(--space-3)',
            margin: 0,
            '& dt': { color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' },
            '& dd': { margin: 0 },
          }}
        >
          <div>
            <dt>Plano</dt>
            <dd>
              {plan
                ? `${plan.name} — ${formatBRL(plan.priceCents)}${plan.cycle === 'YEARLY' ? '/ano' : '/mês'}`
                : (PLAN_NAMES[signature.plan ?? ''] ?? 'Nenhum')}
            </dd>
          </div>
          {card ? (
            <div>
              <dt>Cartão</dt>
              <dd>
                {brandName(card.brand)} final {card.last4}
                {card.expiryMonth && card.expiryYear
                  ? ` · validade ${card.expiryMonth}/${card.expiryYear.slice(-2)}`
                  : ''}
              </dd>
            </div>
          ) : null}
          {signature.nextChargeAt ? (
            <div>
              <dt>Próxima cobrança</dt>
              <dd>
                {formatDateBR(signature.nextChargeAt)}
                {plan ? ` · ${formatBRL(plan.priceCents)}` : ''}
              </dd>
            </div>
          ) : null}
          {signature.state === 'cancelled' && signature.cancelReason ? (
            <div>
              <dt>Motivo do cancelamento</dt>
              <dd css={{ overflowWrap: 'anywhere' }}>{signature.cancelReason}</dd>
            </div>
          ) : null}
        </dl>

        {canSubscribe && plans ? <PlanChoice plans={plans.items} onChoose={openActivation} /> : null}

        {isPaying || signature.refundAllowed ? (
          <Stack direction="row" gap={2} wrap>
            {isPaying && card ? (
              <Button variant="secondary" onPress={() => setOpen('swap')}>
                Trocar cartão
              </Button>
            ) : null}
            {signature.refundAllowed ? (
              <Button variant="secondary" onPress={() => setOpen('refund')}>
                Pedir reembolso
              </Button>
            ) : null}
            {isPaying ? (
              <Button variant="danger" onPress={() => setOpen('cancel')}>
                Cancelar assinatura
              </Button>
            ) : null}
          </Stack>
        ) : null}

        <Stack gap={3}>
          <Heading level={3} size={4}>
            Histórico de cobranças
          </Heading>
          {history ? <ChargeHistory charges={history.items} /> : <Spinner label="Carregando histórico" />}
        </Stack>
      </Stack>
      <SwapCardDialog isOpen={open === 'swap'} onClose={() => setOpen(null)} signature={signature} />
      <CancelDialog isOpen={open === 'cancel'} onClose={() => setOpen(null)} signature={signature} />
      <RefundDialog
        isOpen={open === 'refund'}
        onClose={() => setOpen(null)}
        signature={signature}
        amountCents={history?.items[0]?.amountCents ?? null}
      />
    </Card>
  );
}

function PlanChoice({ plans, onChoose }: { plans: AppService[]; onChoose: (plan: AppService['id']) => void }) {
  return (
    <div
      css={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
        gap: 'var(--space-3)',
      }}
    >
      {plans.map((p) => (
        <section
          key={p.id}
          aria-label={`Plano ${p.name}`}
          css={{
            border: '1px solid var(--color-border)',
            borderRadius: 'var(--radius-md)',
            padding: 'var(--space-4)',
            display: 'grid',
            gap: 'var(--space-2)',
          }}
        >
          <Heading level={3} size={4}>
            {p.name}
          </Heading>
          <Text>
            <strong>{formatBRL(p.priceCents)}</strong>
            {p.cycle === 'YEARLY' ? ' por ano' : ' por mês'}
          </Text>
          {p.savingCents > 0 ? (
            <Badge tone="success">Economize {formatBRL(p.savingCents)} por ano</Badge>
          ) : (
            <Text variant="small">Cancele quando quiser.</Text>
          )}
          <Button onPress={() => onChoose(p.id)}>Assinar plano {p.name.toLowerCase()}</Button>
        </section>
      ))}
    </div>
  );
}
