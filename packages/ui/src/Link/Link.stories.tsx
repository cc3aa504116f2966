import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { RouterProvider } from 'react-aria-components';
import { Stack } from '../Stack';
import { Text } from '../Text';
import { Link } from './Link';

const meta = {
  title: 'Ações/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/auth/registration', children: 'Criar conta' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Text>
      Ainda não tem conta? <Link {...args} />
    </Text>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Criar conta' });
    await expect(link).toHaveAttribute('href', '/auth/registration');
  },
};

export const Standalone: Story = {
  args: { variant: 'standalone', children: 'Esqueci minha senha', href: '/recovery' },
};

/** Inside RAC's RouterProvider the link navigates with the app router instead of reloading. */
export const ClientSideNavigation: Story = {
  render: (args) => {
    const navigate = (path: string) => {
      document.getElementById('destino')!.textContent = `Navegou para ${path}`;
    };
    return (
      <RouterProvider navigate={navigate}>
        <Text>
          <Link {...args} />
        </Text>
        <Text id="destino" aria-live="polite" />
      </RouterProvider>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Navegou para /auth/registration')).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { isDisabled: true } };
export const Dark: Story = { globals: { colorMode: 'dark' }, render: Default.render };

/** Each link of the story and the height of its box (its touch target). */
const linkHeights = (root: HTMLElement) =>
  Object.fromEntries(
    [
      ...root.querySelectorAll<HTMLElement>('[data-testid="with-links"] a, [data-testid="with-links"] [role="link"]'),
    ].map((a) => [a.textContent, a.getBoundingClientRect().height]),
  );

/** The same block twice, with links and with plain text: `as` says which. */
function Sample({ as }: { as: 'link' | 'text' }) {
  const L = ({ children }: { children: string }) =>
    as === 'link' ? <Link href="/x">{children}</Link> : <span>{children}</span>;
  const S = ({ children }: { children: string }) =>
    as === 'link' ? (
      <Link variant="standalone" href="/x">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    );
  return (
    <div data-testid={as === 'link' ? 'with-links' : 'without-links'} style={{ width: 358 }}>
      <Text>
        Ainda não tem conta? <L>Criar conta</L>. Um parágrafo que continua na linha seguinte, com{' '}
        <L>um link que quebra entre duas linhas do texto</L> e mais texto depois.
      </Text>
      <Text variant="small">
        <L>Vender um serviço</L> · renovar em 3 dias
      </Text>
      <Stack gap={1}>
        <S>Revisar respostas</S>
        <S>Ver e reenviar</S>
      </Stack>
    </div>
  );
}

/**
 * At a phone's width every link is a target at least 24 px tall (WCAG 2.2), in running text, in small text
 * and stacked on its own, and the text around it lies exactly where it would without the link.
 */
export const TargetSize: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      <Sample as="link" />
      <Sample as="text" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const heights = linkHeights(canvasElement);
    await expect(Object.keys(heights)).toEqual([
      'Criar conta',
      'um link que quebra entre duas linhas do texto',
      'Vender um serviço',
      'Revisar respostas',
      'Ver e reenviar',
    ]);
    for (const [name, height] of Object.entries(heights))
      await expect({ name, height: height >= 24 }).toEqual({ name, height: true });
    // The links move nothing: each block is as tall as with plain text, and the blocks after start at the same place.
    const blocks = (id: string) =>
      [...canvasElement.querySelector(`[data-testid="${id}"]`)!.children].map((b) => {
        const r = b.getBoundingClientRect();
        return { top: Math.round(r.top), height: Math.round(r.height) };
      });
    await expect(blocks('with-links')).toEqual(blocks('without-links'));
  },
};
