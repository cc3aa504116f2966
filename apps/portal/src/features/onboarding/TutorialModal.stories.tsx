import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TutorialModal } from './TutorialModal';
import { TUTORIAL_STEPS } from './tutorialSteps';

const body = () => within(document.body);
const TITLES = [
  'Bem-vinda, Ana!',
  'Cadastre seus clientes',
  'Monte um questionário',
  'Registre a venda de um serviço',
  'Agende o envio',
  'Acompanhe as respostas',
];

const meta = {
  title: 'Onboarding/TutorialModal',
  component: TutorialModal,
  tags: ['autodocs'],
  args: { firstName: 'Ana', onSkip: fn(), onFinish: fn() },
} satisfies Meta<typeof TutorialModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' }));
    await expect(dialog.getByText('Passo 1 de 6')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pular tutorial' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Próximo' })).toBeVisible();
    // Nothing to go back to on the first step.
    await expect(dialog.queryByRole('button', { name: 'Voltar' })).toBeNull();
  },
};

export const WithoutAName: Story = {
  args: { firstName: '' },
  play: async () => {
    await expect(await body().findByRole('dialog', { name: 'Bem-vinda!' })).toBeVisible();
  },
};

export const EveryStep: Story = {
  name: 'Every step, forward and back',
  play: async ({ args }) => {
    await expect(TUTORIAL_STEPS).toHaveLength(TITLES.length);
    for (const [i, title] of TITLES.entries()) {
      const dialog = within(await body().findByRole('dialog', { name: title }));
      await expect(dialog.getByText(`Passo ${i + 1} de 6`)).toBeVisible();
      await expect(dialog.getByTestId('tutorial-illustration').querySelector('svg')).not.toBeNull();
      await expect(dialog.getByRole('button', { name: 'Pular tutorial' })).toBeVisible();
      if (i > 0) {
        await expect(dialog.getByRole('status')).toHaveTextContent(`Passo ${i + 1} de 6: ${title}`);
        await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeVisible();
      }
      if (i < TITLES.length - 1) await userEvent.click(dialog.getByRole('button', { name: 'Próximo' }));
    }
    const last = within(body().getByRole('dialog', { name: 'Acompanhe as respostas' }));
    await expect(last.queryByRole('button', { name: 'Próximo' })).toBeNull();
    // The forward button keeps the focus as it turns into "Ir para o painel".
    await expect(last.getByRole('button', { name: 'Ir para o painel' })).toHaveFocus();

    await userEvent.click(last.getByRole('button', { name: 'Voltar' }));
    await expect(await body().findByRole('dialog', { name: 'Agende o envio' })).toBeVisible();
    for (let i = 0; i < TITLES.length - 2; i++) await userEvent.click(body().getByRole('button', { name: 'Voltar' }));
    await expect(await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' })).toBeVisible();
    // Back on the first step "Voltar" is gone: the focus moved to "Próximo" instead of getting lost.
    await waitFor(() => expect(body().getByRole('button', { name: 'Próximo' })).toHaveFocus());
    await expect(args.onSkip).not.toHaveBeenCalled();
    await expect(args.onFinish).not.toHaveBeenCalled();
  },
};

export const Finish: Story = {
  play: async ({ args }) => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    for (let i = 0; i < TITLES.length - 1; i++) await userEvent.click(body().getByRole('button', { name: 'Próximo' }));
    await userEvent.click(body().getByRole('button', { name: 'Ir para o painel' }));
    await expect(args.onFinish).toHaveBeenCalledTimes(1);
    await expect(args.onSkip).not.toHaveBeenCalled();
  },
};

export const SkipOnAnyStep: Story = {
  play: async ({ args }) => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    await userEvent.click(body().getByRole('button', { name: 'Próximo' }));
    await userEvent.click(body().getByRole('button', { name: 'Próximo' }));
    await userEvent.click(
      within(body().getByRole('dialog', { name: 'Monte um questionário' })).getByRole('button', {
        name: 'Pular tutorial',
      }),
    );
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
    await expect(args.onFinish).not.toHaveBeenCalled();
  },
};

export const EscapeSkips: Story = {
  play: async ({ args }) => {
    await body().findByRole('dialog', { name: 'Bem-vinda, Ana!' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
  },
};
