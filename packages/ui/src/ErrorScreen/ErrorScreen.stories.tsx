import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { ErrorScreen } from './ErrorScreen';

const meta = {
  title: 'Páginas/ErrorScreen',
  component: ErrorScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Unexpected Application Error!',
    message: '500 Internal Server Error',
    action: <Button variant="secondary">Voltar ao início</Button>,
  },
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    await expect(canvas.getByText('500 Internal Server Error')).toBeVisible();
  },
};

export const NotFound: Story = {
  args: {
    title: 'Página não encontrada',
    message: '404 — o endereço que você abriu não existe ou foi movido.',
    action: <Button>Ir para o início</Button>,
  },
};

export const InsideLayout: Story = {
  args: { as: 'div' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('main')).toBeNull();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
