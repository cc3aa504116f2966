import { IconBell, IconLink, IconWebhook } from '@acompanha/ui';

function ClientsIcon() {
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
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.5 3-5.5 6.5-5.5s6.5 2 6.5 5.5" strokeLinecap="round" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14.8c1.8.8 3 2.5 3 5.2" strokeLinecap="round" />
    </svg>
  );
}

function MessagesIcon() {
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
      <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
      <path d="M8 9.5h8M8 12.5h5" strokeLinecap="round" />
    </svg>
  );
}

function ServicesIcon() {
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
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h4" strokeLinecap="round" />
    </svg>
  );
}

function DashboardIcon() {
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
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </svg>
  );
}

function QuizzesIcon() {
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
      <path d="M9 5h10M9 12h10M9 19h10" strokeLinecap="round" />
      <path d="M4 5l1 1 2-2M4 12l1 1 2-2M4 19l1 1 2-2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function PaletteIcon() {
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
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.5-.8 1.5-1.6 0-1.2-1-1.4-1-2.4 0-.9.7-1.5 1.6-1.5H16a5 5 0 0 0 5-5c0-4-4-7.5-9-7.5z" />
      <circle cx="7.5" cy="11" r="1" fill="currentColor" />
      <circle cx="10" cy="7" r="1" fill="currentColor" />
      <circle cx="15" cy="7.5" r="1" fill="currentColor" />
    </svg>
  );
}

function QuestionsIcon() {
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
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" strokeLinecap="round" />
    </svg>
  );
}

function ResendIcon() {
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
      <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M21 3v5h-5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M3 21v-5h5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function InboxIcon() {
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
      <path
        d="M3 13l2.5-7.5A2 2 0 0 1 7.4 4h9.2a2 2 0 0 1 1.9 1.5L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"
        strokeLinejoin="round"
      />
      <path d="M3 13h5l1.5 3h5L16 13h5" strokeLinejoin="round" />
    </svg>
  );
}

function ReportIcon() {
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
      <path d="M4 20V4M4 20h16" strokeLinecap="round" />
      <path d="M8 16v-4M12 16V8M16 16v-6" strokeLinecap="round" />
    </svg>
  );
}

function ProfileIcon() {
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
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

/** The drawer entry that carries the count of answers waiting for review. */
export const ANSWERS_RECEIVED_HREF = '/answers/received';
/** The drawer entry that carries the count of unread notifications. */
export const NOTIFICATIONS_HREF = '/notifications/managing';
/** The client-area editor (her public page). */
export const CLIENT_AREA_HREF = '/client-area';
/** The webhook manager. */
export const WEBHOOKS_HREF = '/webhook';

/**
 * The side navigation. Each issue adds its screens here when they are finished, so the drawer
 * never leads to an unfinished page.
 */
export const navigationItems = [
  { href: '/dashboard', label: 'Painel', icon: <DashboardIcon /> },
  { href: '/clients', label: 'Clientes', icon: <ClientsIcon /> },
  { href: '/clients/messaging', label: 'Mensagens', icon: <MessagesIcon /> },
  { href: ANSWERS_RECEIVED_HREF, label: 'Respostas recebidas', icon: <InboxIcon /> },
  { href: '/answers/report', label: 'Relatório de respostas', icon: <ReportIcon /> },
  { href: '/services', label: 'Serviços e vendas', icon: <ServicesIcon /> },
  { href: '/quizzes', label: 'Questionários', icon: <QuizzesIcon /> },
  { href: '/resendReceived', label: 'Reenviar pendentes', icon: <ResendIcon /> },
  { href: '/quizzes/questions', label: 'Banco de perguntas', icon: <QuestionsIcon /> },
  { href: '/quizzes/appearance', label: 'Aparência', icon: <PaletteIcon /> },
  { href: CLIENT_AREA_HREF, label: 'Área do cliente', icon: <IconLink /> },
  { href: NOTIFICATIONS_HREF, label: 'Notificações', icon: <IconBell /> },
  { href: WEBHOOKS_HREF, label: 'Webhooks', icon: <IconWebhook /> },
  { href: '/profile', label: 'Meu perfil', icon: <ProfileIcon /> },
];
