/**
 * What is new in the portal, newest first: a static list shipped with the portal (a new item goes on top with
 * its date). Whether she has seen it is the persisted `newsSeen` flag of this device.
 */
export interface NewsItem {
  /** A calendar date, `YYYY-MM-DD`. */
  date: string;
  title: string;
  text: string;
}

export const NEWS: readonly NewsItem[] = [
  {
    date: '2026-11-20',
    title: 'Webhooks de eventos',
    text: 'Em Webhooks, conecte o Acompanha aos seus sistemas e receba um aviso assinado a cada cliente cadastrado, questionário respondido ou envio atrasado.',
  },
  {
    date: '2026-11-12',
    title: 'Sua assinatura no perfil',
    text: 'Em Meu perfil, veja seu plano e o histórico de cobranças, troque o cartão ou cancele quando quiser.',
  },
  {
    date: '2026-11-05',
    title: 'Central de notificações',
    text: 'O sino no topo mostra na hora as respostas que chegaram e os envios com problema; em Notificações, escolha o que quer receber.',
  },
];
