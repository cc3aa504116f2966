import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Heading } from '../Heading';
import { Link } from '../Link';
import { Stack } from '../Stack';
import { Text } from '../Text';
import { PublicLayout } from './PublicLayout';

const meta = {
  title: 'Páginas/PublicLayout',
  component: PublicLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    headerEnd: (
      <Link href="/login" variant="standalone">
        Entrar
      </Link>
    ),
    children: (
      <Stack gap={4}>
        <Heading level={1}>Política de privacidade</Heading>
        <Text>
          O Acompanha trata dados pessoais de profissionais e pacientes de acordo com a Lei Geral de Proteção de Dados
          (LGPD). Esta página explica quais dados guardamos, por quanto tempo e como você pode pedir a exclusão.
        </Text>
      </Stack>
    ),
  },
} satisfies Meta<typeof PublicLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toHaveTextContent('Acompanha');
    await expect(canvas.getByRole('main')).toContainElement(canvas.getByRole('heading', { level: 1 }));
  },
};

export const WithoutHeaderAction: Story = { args: { headerEnd: undefined } };
export const Dark: Story = { globals: { colorMode: 'dark' } };
