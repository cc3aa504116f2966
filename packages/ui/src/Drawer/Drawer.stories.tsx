import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, screen, within } from 'storybook/test';
import { RouterProvider } from 'react-aria-components';
import { Button } from '../Button';
import { Drawer, NARROW_QUERY, PHONE_QUERY, type DrawerProps } from './Drawer';
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

/** Pretends the screen matches the layout's media queries (a phone matches both) for one story. */
function asScreen(queries: string[]) {
  return () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        ...original.call(window, query),
        matches: queries.includes(query) || original.call(window, query).matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as MediaQueryList;
    return () => {
      window.matchMedia = original;
    };
  };
}
const navigate = fn();
const asPhone = asScreen([PHONE_QUERY, NARROW_QUERY]);
const asTablet = asScreen([NARROW_QUERY]);

/**
 * On a phone nothing rests beside the page: the menu button opens the labelled links in a modal sheet
 * ("Menu") with the badges and the current page marked; Escape closes it and gives the focus back.
 */
export const PhoneMenu: Story = {
  beforeEach: asPhone,
  args: { isOpen: false },
  // The links navigate through the app's router; here a stand-in keeps the test page where it is.
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  play: async ({ canvas, args, step }) => {
    await expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
    const trigger = canvas.getByRole('button', { name: 'Expandir menu' });
    await step('the menu button opens the sheet', async () => {
      await userEvent.click(trigger);
      const sheet = await screen.findByRole('dialog', { name: 'Menu' });
      const nav = within(sheet).getByRole('navigation', { name: 'Navegação principal' });
      await expect(within(nav).getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
      await expect(within(nav).getByText('Respostas recebidas')).toBeVisible();
      await expect(within(nav).getByText('3')).toBeVisible();
      await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    });
    await step('Escape closes it and the focus goes back to the button', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
      await waitFor(() => expect(trigger).toHaveFocus());
    });
    await step('a link closes it', async () => {
      await userEvent.click(trigger);
      const sheet = await screen.findByRole('dialog', { name: 'Menu' });
      await userEvent.click(within(sheet).getByRole('link', { name: 'Questionários' }));
      await expect(navigate).toHaveBeenCalledWith('/quizzes', undefined);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    });
    await step('"Fechar menu" closes it', async () => {
      await userEvent.click(trigger);
      const sheet = await screen.findByRole('dialog', { name: 'Menu' });
      await userEvent.click(within(sheet).getByRole('button', { name: 'Fechar menu' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    });
  },
};

/** On a tablet the rail rests beside the page; open, the drawer floats over a dimmed page and a tap outside closes it. */
export const TabletTapOutsideCloses: Story = {
  beforeEach: asTablet,
  play: async ({ canvas, canvasElement, args }) => {
    const scrim = canvasElement.querySelector<HTMLElement>('[data-testid="drawer-scrim"]');
    await expect(scrim).not.toBeNull();
    await userEvent.click(scrim!);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(canvasElement.querySelector('[data-testid="drawer-scrim"]')).toBeNull();
    await expect(canvas.getByRole('navigation', { name: 'Navegação principal' })).toHaveAttribute('data-open', 'false');
  },
};

/** On a tablet Escape closes the floating drawer wherever the focus is (here on the button that opened it). */
export const TabletEscapeCloses: Story = {
  beforeEach: asTablet,
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav).toHaveAttribute('data-open', 'true');
    canvas.getByRole('button', { name: 'Recolher menu' }).focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(nav).toHaveAttribute('data-open', 'false'));
  },
};
