import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Stack } from '../Stack';
import { Slider } from './Slider';

const meta = {
  title: 'Formulários/Slider',
  component: Slider,
  tags: ['autodocs'],
  args: {
    label: 'Meta de água diária',
    minValue: 1,
    maxValue: 5,
    step: 0.5,
    defaultValue: 2,
    onChange: fn(),
    formatOptions: { style: 'unit', unit: 'liter' },
  },
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <Slider {...args} />
    </div>
  ),
} satisfies Meta<typeof Slider<number>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const slider = canvas.getByRole('slider', { name: 'Meta de água diária' });
    await expect(canvas.getByText(/^2\sl$/i)).toBeVisible();
    await userEvent.click(slider);
    // Arrow keys step, Home/End jump to the ends.
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(2.5);
    await expect(canvas.getByText(/^2,5\sl$/i)).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith(1.5);
    await userEvent.keyboard('{End}');
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
    await expect(slider.getAttribute('aria-valuetext')).toMatch(/^5\sl$/i);
  },
};

export const Percent: Story = {
  args: {
    label: 'Proporção de carboidratos',
    minValue: 0,
    maxValue: 1,
    step: 0.05,
    defaultValue: 0.45,
    formatOptions: { style: 'percent' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('45%')).toBeVisible();
  },
};

export const Range: Story = {
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <Slider
        label="Faixa de idade"
        minValue={0}
        maxValue={100}
        defaultValue={[18, 65]}
        thumbLabels={['Idade mínima', 'Idade máxima']}
        onChange={args.onChange as (v: number[]) => void}
      />
    </div>
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/^18\s?–\s?65$/)).toBeVisible();
    const max = canvas.getByRole('slider', { name: /Idade máxima/ });
    await userEvent.click(max);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith([18, 64]);
  },
};

export const WithoutValue: Story = { args: { showValue: false } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('slider')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: (args) => (
    <Stack gap={4} css={{ maxWidth: 360 }}>
      <Slider {...args} />
      <Slider label="Faixa de idade" minValue={0} maxValue={100} defaultValue={[18, 65]} />
    </Stack>
  ),
};
