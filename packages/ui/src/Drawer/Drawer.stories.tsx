import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, screen } from 'storybook/test';
import { Button } from '../Button';
import { Drawer, type DrawerProps } from './Drawer';
import { sampleItems } from './sampleItems';

function Controlled(args: DrawerProps) {
  const [isOpen, setOpen] = useState(args.isOpen ?? true);
  return (
    <div css={{ display: 'flex', gap: 'var(--space-4)', alignItems: 'flex-start' }}>
      <Drawer
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          args.onOpenChange?.(open);
        }}
      />
      <div css={{ padding: 'var(--space-4)' }}>
        <Button variant="secondary" onPress={() => setOpen(!isOpen)}>
          {isOpen ? 'Recolher menu' : 'Expandir menu'}
        </Button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Navegação/Drawer',
  component: Drawer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { items: sampleItems, currentHref: '/clients/profile/42', isOpen: true, onOpenChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav).toBeVisible();
    // A nested route marks its section as the current page.
    await expect(canvas.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByText('Respostas recebidas')).toBeVisible();
  },
};

/** Closed: a rail of icons. The labels still name the links and show as tooltips. */
export const Closed: Story = {
  args: { isOpen: false },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getBoundingClientRect().width).toBeLessThan(80);
    const link = canvas.getByRole('link', { name: 'Questionários' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Questionários'));
  },
};

export const Toggle: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await userEvent.click(canvas.getByRole('button', { name: 'Recolher menu' }));
    await waitFor(() => expect(nav.getBoundingClientRect().width).toBeLessThan(80));
    await expect(canvas.getByRole('link', { name: 'Serviços' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Expandir menu' }));
    await waitFor(() => expect(nav.getBoundingClientRect().width).toBeGreaterThan(200));
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };

/** Pretends the screen is a phone's (the layout's media query) for one story. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original.call(window, query),
      matches: query === '(max-width: 767px)' || original.call(window, query).matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/** On a phone the open drawer floats over a dimmed page; a tap outside it closes it. */
export const PhoneTapOutsideCloses: Story = {
  beforeEach: asPhone,
  play: async ({ canvas, canvasElement, args }) => {
    const scrim = canvasElement.querySelector<HTMLElement>('[data-testid="drawer-scrim"]');
    await expect(scrim).not.toBeNull();
    await userEvent.click(scrim!);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(canvasElement.querySelector('[data-testid="drawer-scrim"]')).toBeNull();
    await expect(canvas.getByRole('navigation', { name: 'Navegação principal' })).toHaveAttribute('data-open', 'false');
  },
};
