import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { Card } from '../Card';
import { ClientAreaFolder } from '../Survey/ClientAreaFolder';
import { Phone } from '../Survey/storyHelpers';
import { ClientAreaThemeProvider } from './ClientAreaThemeProvider';

const meta = {
  title: 'Tema/ClientAreaThemeProvider',
  component: ClientAreaThemeProvider,
  tags: ['autodocs'],
  args: {
    children: (
      <>
        <div css={{ height: 420 }}>
          <ClientAreaFolder title="Ana Paula Ribeiro" subtitle="Nutricionista" onEnter={() => {}} />
        </div>
        <div css={{ padding: 'var(--space-4)' }}>
          <Card title="Próxima consulta" description="12/08/2025 às 14:00">
            <Button>Confirmar presença</Button>
          </Card>
        </div>
      </>
    ),
  },
  render: (args) => (
    <Phone>
      <ClientAreaThemeProvider {...args} />
    </Phone>
  ),
} satisfies Meta<typeof ClientAreaThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      getComputedStyle(canvas.getByRole('button', { name: 'Ir para a área do cliente' })).backgroundColor,
    ).toBe('rgb(37, 99, 235)');
  },
};

/** `mode: 'dark'` switches the whole area (cards, buttons) to the dark theme. */
export const DarkMode: Story = {
  args: {
    scheme: {
      mode: 'dark',
      scheme: { color: { light: '#2563EB', dark: '#312E81' }, image: { light: null, dark: null } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"]')).not.toBeNull();
  },
};

export const CustomScheme: Story = {
  args: {
    scheme: {
      mode: 'light',
      scheme: { color: { light: '#9D174D', dark: '#500724' }, image: { light: null, dark: null } },
    },
    folder: { buttonBackground: '#FFFFFF', buttonColor: '#9D174D', buttonText: 'Acessar minha área' },
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
