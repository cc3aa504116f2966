import { useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { logoutMutation } from '@acompanha/api-client';
import {
  AppShell,
  Avatar,
  Badge,
  Drawer,
  IconButton,
  Menu,
  TopBar,
  useIsMobile,
  useIsNarrow,
  VisuallyHidden,
} from '@acompanha/ui';
import { store, usePersisted } from './store';
import { LOGIN_PATH } from './paths';
import { ANSWERS_RECEIVED_HREF, NOTIFICATIONS_HREF, navigationItems } from './navigation';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useLiveUnreadCount } from '../features/notifications/liveUnread';
import { pendingCountOptions } from '../lib/queries';
import { ActivationProvider } from '../features/subscription/ActivationProvider';
import { ExpiredBanner } from '../features/subscription/ExpiredBanner';
import { TutorialProvider, useTutorial } from '../features/onboarding/TutorialProvider';
import { NewsButton } from '../features/onboarding/NewsButton';

/** The drawer badge: answers waiting for review, refreshed every minute; nothing when there are none. */
function usePendingBadge() {
  // Not once signed out: the cache is cleared then, and a call without a session would answer 401.
  const signedIn = usePersisted((s) => !!s.session.jwt);
  const { data } = useQuery({ ...pendingCountOptions(), refetchInterval: 60_000, enabled: signedIn });
  const count = data?.total ?? 0;
  if (count === 0) return undefined;
  return (
    <Badge tone="info">
      <span aria-hidden="true">{count > 99 ? '99+' : count.toLocaleString('pt-BR')}</span>
      {/* The link's name reads "Respostas recebidas 3 pendentes" (the badge is a block of its own). */}
      <VisuallyHidden>{count === 1 ? '1 pendente' : `${count.toLocaleString('pt-BR')} pendentes`}</VisuallyHidden>
    </Badge>
  );
}

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The private area: side drawer (open by default, remembered) and a header with the professional.
 * Its content is the matched route, or `children` (the 404 of an unknown address, kept in this frame).
 */
export function PrivateLayout({ children }: { children?: ReactNode }) {
  return (
    <ActivationProvider>
      <TutorialProvider>
        <PrivateShell>{children}</PrivateShell>
      </TutorialProvider>
    </ActivationProvider>
  );
}

function PrivateShell({ children }: { children?: ReactNode }) {
  const { openTutorial } = useTutorial();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The remembered open/closed drawer is a desktop preference. Below 1024 px the open drawer covers the page
  // (a sheet behind the menu button on a phone, a floating drawer beside the rail on a tablet), so there it
  // starts closed at every visit and opens only when asked.
  const isPhone = useIsMobile();
  const isNarrow = useIsNarrow();
  const desktopOpen = usePersisted((s) => s.drawerOpen);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const drawerOpen = isNarrow ? narrowOpen : desktopOpen;
  const setDrawerOpen = (open: boolean) => (isNarrow ? setNarrowOpen(open) : store.setDrawerOpen(open));
  const professional = usePersisted((s) => s.session.professional);
  const logout = useMutation(logoutMutation());
  const pendingBadge = usePendingBadge();
  const unread = useLiveUnreadCount();
  const unreadBadge =
    unread > 0 ? (
      <Badge tone="danger">
        <span aria-hidden="true">{unread > 99 ? '99+' : unread.toLocaleString('pt-BR')}</span>
        <VisuallyHidden>{unread === 1 ? '1 não lida' : `${unread.toLocaleString('pt-BR')} não lidas`}</VisuallyHidden>
      </Badge>
    ) : undefined;
  const items = navigationItems.map((item) =>
    item.href === ANSWERS_RECEIVED_HREF
      ? { ...item, badge: pendingBadge }
      : item.href === NOTIFICATIONS_HREF
        ? { ...item, badge: unreadBadge }
        : item,
  );

  async function signOut() {
    // The server revokes the token; the session is cleared here whatever it answers.
    await logout.mutateAsync({}).catch(() => undefined);
    store.logout();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <AppShell
      drawer={<Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} items={items} currentHref={location.pathname} />}
      header={
        <TopBar
          start={
            <IconButton
              aria-label={isPhone ? 'Abrir menu' : drawerOpen ? 'Recolher menu' : 'Expandir menu'}
              aria-expanded={drawerOpen}
              aria-haspopup={isPhone ? 'dialog' : undefined}
              variant="ghost"
              icon={<MenuIcon />}
              onPress={() => setDrawerOpen(!drawerOpen)}
            />
          }
          end={
            <>
              <NewsButton />
              <NotificationBell unread={unread} />
              <Menu
                label={professional?.name ?? 'Minha conta'}
                trigger={
                  <Avatar
                    name={professional?.name ?? 'Profissional'}
                    src={professional?.avatarUrl ?? undefined}
                    size="sm"
                  />
                }
                items={[
                  { id: 'profile', label: 'Meu perfil' },
                  { id: 'tutorial', label: 'Rever tutorial' },
                  { id: 'logout', label: 'Sair' },
                ]}
                onAction={(id) => {
                  if (id === 'profile') navigate('/profile');
                  if (id === 'tutorial') openTutorial();
                  if (id === 'logout') void signOut();
                }}
              />
            </>
          }
        />
      }
    >
      <ExpiredBanner />
      {children ?? <Outlet />}
    </AppShell>
  );
}
