import type { ReactNode } from 'react';
import { IconChart, IconCheckCircle, IconClipboard, IconMessage, IconUsers, IconWallet } from '@acompanha/ui';

export interface TutorialStep {
  id: string;
  title: (firstName: string) => string;
  text: string;
  icon: ReactNode;
}

/** The first steps of a nutritionist in the portal, in the order she takes them. */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'welcome',
    title: (firstName) => (firstName ? `Bem-vinda, ${firstName}!` : 'Bem-vinda!'),
    text: 'O Acompanha ajuda você a acompanhar seus clientes entre as consultas, com questionários que chegam no celular deles. Veja em poucos passos como começar.',
    icon: <IconCheckCircle size={40} />,
  },
  {
    id: 'clients',
    title: () => 'Cadastre seus clientes',
    text: 'Em Clientes, cadastre cada pessoa que você atende ou importe sua lista de uma planilha. Nome e telefone ou e-mail bastam para começar.',
    icon: <IconUsers size={40} />,
  },
  {
    id: 'quiz',
    title: () => 'Monte um questionário',
    text: 'Em Questionários, escolha perguntas do Banco de perguntas (peso, sono, hábitos…) ou crie as suas, e organize a ordem em que aparecem.',
    icon: <IconClipboard size={40} />,
  },
  {
    id: 'sale',
    title: () => 'Registre a venda de um serviço',
    text: 'Para receber questionários, o cliente precisa de um serviço ativo: um acompanhamento mensal, por exemplo. Registre a venda no perfil do cliente ou em Serviços; se ainda não tiver serviços, crie o primeiro na própria venda.',
    icon: <IconWallet size={40} />,
  },
  {
    id: 'schedule',
    title: () => 'Agende o envio',
    text: 'Escolha quando cada cliente recebe o questionário, uma vez ou com repetição. Ele recebe um link e um PIN por e-mail ou WhatsApp, sem precisar de senha.',
    icon: <IconMessage size={40} />,
  },
  {
    id: 'follow',
    title: () => 'Acompanhe as respostas',
    text: 'As respostas chegam no Painel e em Respostas recebidas, prontas para você revisar, anotar e ver a evolução de cada cliente.',
    icon: <IconChart size={40} />,
  },
];
