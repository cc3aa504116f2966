import { useNavigate } from 'react-router';
import { IconButton } from '@acompanha/ui';

export const NOTIFICATIONS_PATH = '/notifications/managing';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
    </svg>
  );
}

/** "Notificações, 3 não lidas" — the count as the name says it. */
export const unreadLabel = (n: number) =>
  n === 0 ? 'Notificações' : `Notificações, ${n === 1 ? '1 não lida' : `${n.toLocaleString('pt-BR')} não lidas`}`;

/** The top bar's bell: the unread count, live, and the way to the notification centre. */
export function NotificationBell({ unread }: { unread: number }) {
  const navigate = useNavigate();
  return (
    <span css={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton aria-label={unreadLabel(unread)} icon={<BellIcon />} onPress={() => navigate(NOTIFICATIONS_PATH)} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          css={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            height: 18,
            padding: '0 5px',
            borderRadius: 9,
            background: 'var(--color-danger-bg)',
            color: 'var(--color-danger-text)',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
            pointerEvents: 'none',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </span>
  );
}
