import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Heading } from '../Heading';
import { Stack } from '../Stack';
import { Text } from '../Text';
import { GlobalStyles } from './GlobalStyles';

const meta = {
  title: 'Tema/GlobalStyles',
  component: GlobalStyles,
  tags: ['autodocs'],
  render: () => (
    <Stack gap={3}>
      <Heading level={1}>Inter 700 — Título</Heading>
      <Heading level={2}>Inter 700 — Seção</Heading>
      <Heading level={3}>Inter 600 — Subseção</Heading>
      <Text>
        Inter 400 — Acompanhe seus pacientes entre as consultas, com questionários enviados no dia e hora certos.
      </Text>
      <Text variant="muted">Texto secundário: atualizado em 21/11/2025 às 14:30.</Text>
      <Text variant="small">Texto pequeno: R$ 1.234,56 · (11) 91234-5678 · 123.456.789-09</Text>
    </Stack>
  ),
} satisfies Meta<typeof GlobalStyles>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const body = getComputedStyle(document.body);
    await expect(body.fontFamily).toMatch(/^"?Inter/);
    await expect(getComputedStyle(document.querySelector('#storybook-root') ?? document.body).boxSizing).toBe(
      'border-box',
    );
    // The bundled font is really loaded (never from a CDN).
    await document.fonts.load('400 16px Inter');
    await expect(document.fonts.check('400 16px Inter')).toBe(true);
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
