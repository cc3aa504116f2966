import { useNavigate } from 'react-router';
import { IconBell, IconButton } from '@acompanha/ui';
import { NOTIFICATIONS_HREF } from '../../app/navigation';

/** "Notificações, 3 não lidas" — the count as the name says it. */
export const unreadLabel = (n: number) =>
  n === 0 ? 'Notificações' : `Notificações, ${n === 1 ? '1 não lida' : `${n.toLocaleString('pt-BR')} não lidas`}`;

/** The top bar's bell: the unread count, live, and the way to the notification centre. */
export function NotificationBell({ unread }: { unread: number }) {
  const navigate = useNavigate();
  return (
    <span css={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton aria-label={unreadLabel(unread)} icon={<IconBell />} onPress={() => navigate(NOTIFICATIONS_HREF)} />
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
