import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, within } from 'storybook/test';
import {
  answersHandlerList,
  MARIANA_LATEST_REVISION_ID,
  MARIANA_PREVIOUS_REVISION_ID,
  practicePatientFixture,
  resetAnswersState,
  resetSchedulingState,
  schedulingHandlerList,
  schedulingQuizFixtures,
} from '@acompanha/api-client/mocks';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { PrintPage } from './PrintPage';

const meta = {
  title: 'Screens/Answers/Print',
  component: PrintPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [...answersHandlerList, ...schedulingHandlerList] } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetSchedulingState();
    resetAnswersState();
  },
  render: () => <PortalScreen path={`/print?revisionId=${MARIANA_PREVIOUS_REVISION_ID}`} />,
} satisfies Meta<typeof PrintPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * One answered questionnaire for paper: the professional and the client, every answer beside the
 * previous one, the charts and the notes; no drawer or top bar; "Imprimir" opens the print dialog.
 */
export const Revision: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Acompanhamento semanal' })).toBeVisible();
    const facts = within(canvas.getByRole('article', { name: 'Acompanhamento semanal' }).querySelector('dl')!);
    await expect(facts.getByText('Ana Souza')).toBeVisible();
    await expect(facts.getByText('Mariana Souza')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
    await expect(
      within(canvas.getByRole('article', { name: 'Qual é o seu peso hoje?' })).getByText('76,8 kg'),
    ).toBeVisible();
    await expect(await canvas.findByRole('figure', { name: 'Qual é o seu peso hoje? (kg)' })).toBeVisible();
    await expect(
      canvas.getByText('Boa evolução: perdeu 0,7 kg na semana. Manter o café da manhã reforçado.'),
    ).toBeVisible();
    const print = spyOn(window, 'print').mockImplementation(() => {});
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Imprimir' }));
      await expect(print).toHaveBeenCalledOnce();
    } finally {
      print.mockRestore();
    }
  },
};

/** The latest answer: photos printed as thumbnails, the PDF by name. */
export const RevisionWithFiles: Story = {
  render: () => <PortalScreen path={`/print?revisionId=${MARIANA_LATEST_REVISION_ID}`} />,
  play: async ({ canvasElement }) => {
    const photos = within(
      await within(canvasElement).findByRole('article', { name: 'Envie fotos das suas refeições' }),
    );
    await expect(photos.getByRole('img', { name: 'Foto enviada: jantar.png' })).toBeVisible();
    await expect(photos.getByRole('link', { name: 'Baixar exame-de-sangue.pdf' })).toHaveTextContent(
      'exame-de-sangue.pdf',
    );
  },
};

/** The status report for paper, with its filters in words: period, quiz, client. */
export const Report: Story = {
  render: () => (
    <PortalScreen
      path={`/print?report=status&from=2026-11-01&to=2026-11-21&granularity=week&quizId=${schedulingQuizFixtures[0]!.id}&patientId=${practicePatientFixture.id}`}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Relatório de respostas' })).toBeVisible();
    const facts = within(canvas.getByRole('article', { name: 'Relatório de respostas' }).querySelector('dl')!);
    await expect(facts.getByText('Ana Souza')).toBeVisible();
    await expect(facts.getByText('01/11/2026 a 21/11/2026')).toBeVisible();
    await expect(await facts.findByText('Mariana Souza')).toBeVisible();
    await expect(await facts.findByText('Acompanhamento semanal')).toBeVisible();
    await expect(canvas.getByRole('figure', { name: 'Questionários enviados por semana' })).toBeVisible();
    // On paper the chart's table is printed as well (no toggle).
    await expect(canvas.getByRole('table', { name: 'Dados de Questionários enviados por semana' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Ver dados em tabela/ })).toBeNull();
  },
};

export const NothingToPrint: Story = {
  render: () => <PortalScreen path="/print" />,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Nada para imprimir' }),
    ).toBeVisible();
  },
};

export const RevisionNotFound: Story = {
  render: () => <PortalScreen path="/print?revisionId=00000000-0000-4000-8000-000000000000" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Nada para imprimir' })).toBeVisible();
    await expect(canvas.getByText(/Não encontramos esta resposta/)).toBeVisible();
  },
};

/** Signed out, the print page sends to the sign-in page first. */
export const SignedOut: Story = {
  beforeEach: () => {
    resetPortal({ signedIn: false });
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Entrar' })).toBeVisible();
  },
};
