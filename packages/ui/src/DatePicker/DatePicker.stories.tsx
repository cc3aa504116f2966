import { parseDate, type CalendarDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Stack } from '../Stack';
import { Calendar, DateField, DatePicker, DateRangePicker } from './DatePicker';

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const lastValue = (handler: unknown) => String((handler as ReturnType<typeof fn>).mock.calls.at(-1)?.[0]);

const meta = {
  title: 'Formulários/DatePicker',
  component: DatePicker,
  tags: ['autodocs'],
  args: { label: 'Data da consulta', onChange: fn() },
  render: (args) => (
    <div css={{ maxWidth: 280 }}>
      <DatePicker {...args} />
    </div>
  ),
} satisfies Meta<typeof DatePicker<CalendarDate>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholderValue: parseDate('2025-03-01') },
  play: async ({ canvas, canvasElement, args }) => {
    const group = canvas.getByRole('group', { name: 'Data da consulta' });
    // Brazilian order: day, month, year.
    const [day, month, year] = within(group).getAllByRole('spinbutton');
    await expect(day).toHaveAccessibleName(/dia/i);
    await expect(month).toHaveAccessibleName(/mês/i);
    await expect(year).toHaveAccessibleName(/ano/i);
    await expect(group).toHaveTextContent('dd/mm/aaaa');
    await userEvent.click(day);
    await userEvent.keyboard('14032025');
    await expect(lastValue(args.onChange)).toBe('2025-03-14');
    await expect(group).toHaveTextContent('14/03/2025');
    // Pick the next day in the calendar with the keyboard.
    await userEvent.click(canvas.getByRole('button', { name: /Calendário/ }));
    const dialog = await page(canvasElement).findByRole('dialog');
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('março de 2025');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(lastValue(args.onChange)).toBe('2025-03-15');
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(group).toHaveTextContent('15/03/2025');
  },
};

export const PickWithMouse: Story = {
  args: { defaultValue: parseDate('2025-03-14') },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendário/ }));
    const dialog = await page(canvasElement).findByRole('dialog');
    // RAC also renders a screen-reader-only copy of the button; the visible one comes first.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Próximo' })[0]);
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('abril de 2025');
    await userEvent.click(within(dialog).getByRole('button', { name: /10 de abril de 2025/ }));
    await expect(lastValue(args.onChange)).toBe('2025-04-10');
  },
};

export const WithDescription: Story = {
  args: { description: 'O cliente recebe o lembrete na véspera.', defaultValue: parseDate('2025-05-20') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Data da consulta' })).toHaveTextContent('20/05/2025');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: parseDate('2025-03-14') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Calendário/ })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: {
    label: 'Início do plano',
    minValue: parseDate('2025-03-01'),
    defaultValue: parseDate('2025-02-20'),
    validationBehavior: 'aria',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('A data é anterior à permitida.')).toBeVisible();
  },
};

export const CustomError: Story = {
  args: { isInvalid: true, errorMessage: 'Escolha um dia útil.', defaultValue: parseDate('2025-03-16') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha um dia útil.')).toBeVisible();
  },
};

export const Range: Story = {
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <DateRangePicker
        label="Período do relatório"
        onChange={args.onChange as never}
        defaultValue={{ start: parseDate('2025-03-01'), end: parseDate('2025-03-31') }}
      />
    </div>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    const group = canvas.getByRole('group', { name: 'Período do relatório' });
    await expect(group).toHaveTextContent('01/03/2025–31/03/2025');
    await userEvent.click(canvas.getByRole('button', { name: /Calendário/ }));
    const dialog = await page(canvasElement).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /10 de março de 2025/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /20 de março de 2025/ }));
    const value = (args.onChange as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as {
      start: CalendarDate;
      end: CalendarDate;
    };
    await expect([String(value.start), String(value.end)]).toEqual(['2025-03-10', '2025-03-20']);
  },
};

export const RangeInvalid: Story = {
  render: () => (
    <div css={{ maxWidth: 360 }}>
      <DateRangePicker label="Período do relatório" isInvalid errorMessage="O período pode ter no máximo 12 meses." />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('O período pode ter no máximo 12 meses.')).toBeVisible();
  },
};

export const TypedField: Story = {
  render: (args) => (
    <div css={{ maxWidth: 280 }}>
      <DateField label="Data de nascimento" onChange={args.onChange as never} maxValue={parseDate('2025-01-01')} />
    </div>
  ),
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Data de nascimento' });
    await userEvent.click(within(group).getAllByRole('spinbutton')[0]);
    await userEvent.keyboard('05071990');
    await expect(lastValue(args.onChange)).toBe('1990-07-05');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const InlineCalendar: Story = {
  render: (args) => (
    <Calendar aria-label="Agenda" defaultValue={parseDate('2025-03-14')} onChange={args.onChange as never} />
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('grid')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /18 de março de 2025/ }));
    await expect(lastValue(args.onChange)).toBe('2025-03-18');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  render: () => (
    <Stack gap={4} css={{ maxWidth: 360 }}>
      <DatePicker label="Data da consulta" defaultValue={parseDate('2025-03-14')} />
      <DateRangePicker label="Período" isInvalid errorMessage="Período inválido." />
      <Calendar aria-label="Agenda" defaultValue={parseDate('2025-03-14')} />
    </Stack>
  ),
};
