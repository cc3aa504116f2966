import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Page } from './Page';
import { Button } from '../Button';
import { Card } from '../Card';
import { Text } from '../Text';

const meta = {
  title: 'Layout/Page',
  component: Page,
  tags: ['autodocs'],
  args: {
    title: 'Meu perfil',
    description: 'Seus dados aparecem para os seus clientes.',
    children: (
      <Card title="Dados pessoais">
        <Text>Conteúdo da página.</Text>
      </Card>
    ),
  },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();
    await expect(canvas.getByText('Seus dados aparecem para os seus clientes.')).toBeVisible();
  },
};

export const WithActions: Story = {
  args: { title: 'Clientes', width: 'lg', actions: <Button>Novo cliente</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Novo cliente' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeVisible();
  },
};
