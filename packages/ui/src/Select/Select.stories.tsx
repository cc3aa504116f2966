import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, SelectItem, SelectSection } from './Select';

const goals = [
  { id: 'emagrecimento', name: 'Emagrecimento' },
  { id: 'hipertrofia', name: 'Hipertrofia' },
  { id: 'reeducacao', name: 'Reeducação alimentar' },
  { id: 'gestacao', name: 'Gestação' },
];

const meta = {
  title: 'Formulários/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Objetivo',
    children: goals.map((g) => (
      <SelectItem key={g.id} id={g.id}>
        {g.name}
      </SelectItem>
    )),
    onChange: fn(),
  },
  render: (args) => (
    <div css={{ maxWidth: 320 }}>
      <Select {...args} />
    </div>
  ),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('button', { name: /Objetivo/ });
    await expect(trigger).toHaveTextContent('Selecione');
    await userEvent.click(trigger);
    const listbox = await page(canvasElement).findByRole('listbox', { name: 'Objetivo' }, { timeout: 3000 });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Hipertrofia' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('hipertrofia');
    await waitFor(() => expect(trigger).toHaveTextContent('Hipertrofia'));
    await waitFor(() => expect(page(canvasElement).queryByRole('listbox')).not.toBeInTheDocument());
    // Keyboard: focus the trigger, Enter opens, arrows move, Enter picks.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await page(canvasElement).findByRole('listbox', {}, { timeout: 3000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('reeducacao');
    await waitFor(() => expect(trigger).toHaveTextContent('Reeducação alimentar'));
  },
};

export const WithDescription: Story = {
  args: { description: 'Usado para sugerir modelos de plano alimentar.', defaultValue: 'gestacao' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Objetivo/ })).toHaveTextContent('Gestação');
  },
};

export const WithSections: Story = {
  args: {
    label: 'Modelo de anamnese',
    children: (
      <>
        <SelectSection title="Meus modelos">
          <SelectItem id="esportiva" description="Atualizado em 12/03/2025">
            Nutrição esportiva
          </SelectItem>
          <SelectItem id="infantil">Infantil</SelectItem>
        </SelectSection>
        <SelectSection title="Modelos do Acompanha">
          <SelectItem id="padrao">Padrão</SelectItem>
        </SelectSection>
      </>
    ),
  },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Modelo de anamnese/ }));
    const listbox = await page(canvasElement).findByRole('listbox');
    await expect(within(listbox).getByRole('group', { name: 'Meus modelos' })).toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: /Padrão/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('padrao');
  },
};

export const FromItems: Story = {
  render: (args) => (
    <div css={{ maxWidth: 320 }}>
      <Select {...args} items={goals}>
        {(g) => <SelectItem id={g.id}>{g.name}</SelectItem>}
      </Select>
    </div>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Objetivo/ }));
    const listbox = await page(canvasElement).findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('gestacao');
  },
};

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('*')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'emagrecimento' },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('button', { name: /Objetivo/ });
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(page(canvasElement).queryByRole('listbox')).not.toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Escolha o objetivo do cliente.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha o objetivo do cliente.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Objetivo/ })).toHaveAccessibleDescription(
      'Escolha o objetivo do cliente.',
    );
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 'reeducacao', description: 'Usado nos relatórios.' },
};
