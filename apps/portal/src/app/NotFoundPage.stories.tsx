import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFoundPage } from './NotFoundPage';
import { PortalScreen, resetPortal } from '../storybook/PortalScreen';

const meta = {
  title: 'Screens/Shell/NotFound',
  component: NotFoundPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: () => <PortalScreen path="/nao-existe" />,
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ir para o início' })).toBeVisible();
  },
};
