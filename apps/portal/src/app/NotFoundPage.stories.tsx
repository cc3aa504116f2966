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

/** A visitor: the 404 in the public layout (brand header), with the way back. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ir para o início' })).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getAllByRole('main')).toHaveLength(1);
    await expect(canvas.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  },
};

/** Signed in: an unknown private address keeps the private layout and its navigation around the 404. */
export const SignedIn: Story = {
  beforeEach: () => resetPortal({ signedIn: true }),
  render: () => <PortalScreen path="/clients/nao-existe" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('main')).toHaveLength(1);
  },
};
