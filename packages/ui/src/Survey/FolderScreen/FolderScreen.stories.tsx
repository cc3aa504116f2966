import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { greenAppearance, Phone, withQuizAppearance } from '../storyHelpers';
import { FolderScreen } from './FolderScreen';

const cover =
  'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="%23FDE68A"/><circle cx="200" cy="150" r="90" fill="%2315803D"/></svg>';

const meta = {
  title: 'Questionário/FolderScreen',
  component: FolderScreen,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Acompanhamento semanal',
    subtitle: 'Leva cerca de 5 minutos. Suas respostas ficam salvas a cada pergunta.',
    quizTitle: 'Questionário de hábitos',
    onStart: fn(),
  },
} satisfies Meta<typeof FolderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Acompanhamento semanal' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Começar' }));
    await expect(args.onStart).toHaveBeenCalledTimes(1);
  },
};

export const WithImage: Story = { args: { image: cover } };

export const CustomColors: Story = {
  args: { titlesColor: '#047857', buttonTitle: 'Vamos lá', buttonColors: { background: '#047857', text: '#FFFFFF' } },
  parameters: { quizAppearance: greenAppearance },
};

/** Light yellow titles and a white-on-yellow button are adjusted to stay readable. */
export const ClashingColors: Story = {
  args: { titlesColor: '#FEF9C3', buttonColors: { background: '#FDE047', text: '#FFFFFF' } },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Começar' })).color).toBe('rgb(3, 7, 18)');
    await expect(getComputedStyle(canvas.getByRole('heading', { level: 1 })).color).toBe('rgb(3, 7, 18)');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { image: cover } };

export const Mobile390: Story = {
  args: { image: cover },
  decorators: [
    (Story) => (
      <Phone>
        <Story />
      </Phone>
    ),
  ],
};
