import { Badge } from '../Badge';
import { IconBell, IconChart, IconClipboard, IconHome, IconInbox, IconUser, IconUsers, IconWallet } from '../Icon';
import type { DrawerItem } from './Drawer';

/** Navigation of the private area, for stories. */
export const sampleItems: DrawerItem[] = [
  { href: '/dashboard', label: 'Início', icon: <IconHome /> },
  { href: '/clients', label: 'Clientes', icon: <IconUsers /> },
  { href: '/quizzes', label: 'Questionários', icon: <IconClipboard /> },
  { href: '/answers/received', label: 'Respostas recebidas', icon: <IconInbox />, badge: <Badge tone="info">3</Badge> },
  { href: '/answers/report', label: 'Relatórios', icon: <IconChart /> },
  { href: '/services', label: 'Serviços', icon: <IconWallet /> },
  { href: '/notifications/managing', label: 'Notificações', icon: <IconBell /> },
  { href: '/profile', label: 'Meu perfil', icon: <IconUser /> },
];
