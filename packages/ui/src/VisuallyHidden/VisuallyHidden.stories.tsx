import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { IconButton } from '../IconButton';
import { IconBell } from '../Icon';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Base/VisuallyHidden',
  component: VisuallyHidden,
  tags: ['autodocs'],
  args: { children: 'Texto só para leitores de tela' },
  render: (args) => (
    <p>
      Há 3 notificações novas
      <VisuallyHidden {...args} />.
    </p>
  ),
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { children: ', incluindo 1 resposta atrasada' },
  play: async ({ canvas }) => {
    const hidden = canvas.getByText(', incluindo 1 resposta atrasada');
    await expect(hidden).toBeInTheDocument();
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const InsideAButton: Story = {
  render: () => <IconButton aria-label="Notificações" icon={<IconBell />} />,
};
