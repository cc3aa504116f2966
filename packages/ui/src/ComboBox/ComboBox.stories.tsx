import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ComboBox, ComboBoxItem } from './ComboBox';

const foods = [
  { id: 'arroz', name: 'Arroz integral' },
  { id: 'feijao', name: 'Feijão carioca' },
  { id: 'frango', name: 'Peito de frango grelhado' },
  { id: 'banana', name: 'Banana prata' },
  { id: 'aveia', name: 'Aveia em flocos' },
];

const page = (el: HTMLElement) => within(el.ownerDocument.body);

const meta = {
  title: 'Formulários/ComboBox',
  component: ComboBox,
  tags: ['autodocs'],
  args: {
    label: 'Alimento',
    placeholder: 'Digite para buscar',
    defaultItems: foods,
    children: (item: object) => {
      const food = item as (typeof foods)[number];
      return <ComboBoxItem id={food.id}>{food.name}</ComboBoxItem>;
    },
    onChange: fn(),
  },
  render: (args) => (
    <div css={{ maxWidth: 320 }}>
      <ComboBox {...args} />
    </div>
  ),
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Alimento' });
    await userEvent.type(input, 'ban');
    const listbox = await page(canvasElement).findByRole('listbox', {}, { timeout: 3000 });
    await expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    // Arrow down + Enter picks the option.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('banana');
    await expect(input).toHaveValue('Banana prata');
  },
};

export const NoResults: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Alimento' }), 'pizza');
    await expect(
      await page(canvasElement).findByText('Nenhum resultado encontrado.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  },
};

export const OpenWithButton: Story = {
  args: { description: 'Tabela TACO.' },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button'));
    const listbox = await page(canvasElement).findByRole('listbox', {}, { timeout: 3000 });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Aveia em flocos' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('aveia');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Alimento' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Escolha um alimento da lista.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha um alimento da lista.')).toBeVisible();
    await expect(canvas.getByRole('combobox')).toHaveAccessibleDescription('Escolha um alimento da lista.');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 'feijao' },
};
