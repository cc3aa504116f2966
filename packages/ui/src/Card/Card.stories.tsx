import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { Text } from '../Text';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Assinatura',
    description: 'Plano mensal · renovação automática',
    children: <Text>Seu período de teste vai até 05/12/2025.</Text>,
    footer: <Button variant="secondary">Gerenciar assinatura</Button>,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    // The title names the section for screen readers.
    const region = canvas.getByRole('region', { name: 'Assinatura' });
    await expect(region).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Assinatura' })).toBeInTheDocument();
  },
};

export const WithoutTitle: Story = {
  args: { title: undefined, description: undefined, footer: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

export const WithoutFooter: Story = { args: { footer: undefined } };
export const Dark: Story = { globals: { colorMode: 'dark' } };
