import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Text } from '../Text';
import { IconBell, icons } from './Icon';

const meta = {
  title: 'Base/Icon',
  component: IconBell,
  tags: ['autodocs'],
} satisfies Meta<typeof IconBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Icons are decorative unless they get a `title`. */
export const Default: Story = {
  args: { title: 'Notificações' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Notificações' })).toBeInTheDocument();
  },
};

export const Gallery: Story = {
  render: () => (
    <ul
      css={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 'var(--space-3)',
      }}
    >
      {Object.entries(icons).map(([name, Icon]) => (
        <li key={name} css={{ display: 'flex', alignItems: 'center', gap: 'var(--space-2)' }}>
          <Icon />
          <Text as="span" variant="small">
            {name}
          </Text>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    // Decorative icons are hidden from assistive tech.
    const svgs = canvasElement.querySelectorAll('svg');
    await expect(svgs.length).toBe(Object.keys(icons).length);
    svgs.forEach((svg) => expect(svg).toHaveAttribute('aria-hidden', 'true'));
  },
};
