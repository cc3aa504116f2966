import { Time } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeField } from './TimeField';

/** Text as read on screen, without the bidi isolation marks RAC puts around segments. */
const shown = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');
const lastValue = (handler: unknown) => String((handler as ReturnType<typeof fn>).mock.calls.at(-1)?.[0]);

const meta = {
  title: 'Formulários/TimeField',
  component: TimeField,
  tags: ['autodocs'],
  args: { label: 'Horário', onChange: fn() },
  render: (args) => (
    <div css={{ maxWidth: 200 }}>
      <TimeField {...args} />
    </div>
  ),
} satisfies Meta<typeof TimeField<Time>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Horário' });
    const [hour, minute] = within(group).getAllByRole('spinbutton');
    await expect(hour).toHaveAccessibleName(/hora/i);
    await expect(minute).toHaveAccessibleName(/minuto/i);
    // 24-hour clock: no AM/PM segment.
    await expect(within(group).getAllByRole('spinbutton')).toHaveLength(2);
    await userEvent.click(hour);
    await userEvent.keyboard('1430');
    await expect(lastValue(args.onChange)).toBe('14:30:00');
    await expect(shown(group)).toBe('14:30');
    await userEvent.keyboard('{ArrowUp}');
    await expect(lastValue(args.onChange)).toBe('14:31:00');
  },
};

export const WithValue: Story = {
  args: { defaultValue: new Time(8, 0), description: 'Início do expediente.' },
  play: async ({ canvas }) => {
    // Chromium's Intl drops the leading zero of a 24-hour hour even with `shouldForceLeadingZeros`.
    await expect(shown(canvas.getByRole('group', { name: 'Horário' }))).toMatch(/^0?8:00$/);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: new Time(18, 45) },
  play: async ({ canvas }) => {
    for (const segment of canvas.getAllByRole('spinbutton'))
      await expect(segment).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Invalid: Story = {
  args: { minValue: new Time(7), maxValue: new Time(20), defaultValue: new Time(21, 30), validationBehavior: 'aria' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('O horário é posterior ao permitido.')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: new Time(13, 15) },
};
