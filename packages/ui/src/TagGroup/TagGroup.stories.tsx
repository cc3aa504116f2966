import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { Tag, TagGroup } from './TagGroup';

const initial = [
  { id: 'ativos', name: 'Ativos' },
  { id: 'online', name: 'Consulta online' },
  { id: 'marco', name: 'Março de 2025' },
];

function Filters(props: { onRemove?: (keys: Set<Key>) => void; initialItems?: typeof initial }) {
  const [items, setItems] = useState(props.initialItems ?? initial);
  return (
    <TagGroup
      label="Filtros aplicados"
      items={items}
      onRemove={(keys) => {
        setItems((list) => list.filter((item) => !keys.has(item.id)));
        props.onRemove?.(keys);
      }}
    >
      {(item) => <Tag id={item.id}>{item.name}</Tag>}
    </TagGroup>
  );
}

const meta = {
  title: 'Formulários/TagGroup',
  component: TagGroup,
  tags: ['autodocs'],
  args: { onRemove: fn() },
  render: (args) => <Filters onRemove={args.onRemove} />,
} satisfies Meta<typeof TagGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('grid', { name: 'Filtros aplicados' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    // Each tag has a named remove button.
    const removeOnline = canvas.getAllByRole('button', { name: /Remover/ })[1];
    await expect(removeOnline).toHaveAccessibleName(/Consulta online/);
    await userEvent.click(removeOnline);
    await expect([...((args.onRemove as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as Set<Key>)]).toEqual([
      'online',
    ]);
    await expect(canvas.queryByText('Consulta online')).not.toBeInTheDocument();
    // Keyboard: focus a tag, Delete removes it.
    await userEvent.click(canvas.getByRole('gridcell', { name: /Ativos/ }));
    await userEvent.keyboard('{ArrowRight}{Delete}');
    await expect(canvas.queryByText('Março de 2025')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  render: () => <Filters initialItems={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nenhum filtro aplicado.')).toBeVisible();
  },
};

export const Selectable: Story = {
  render: (args) => (
    <TagGroup
      label="Refeições"
      selectionMode="multiple"
      defaultSelectedKeys={['almoco']}
      onSelectionChange={args.onRemove as never}
      description="Escolha as refeições do relatório."
    >
      <Tag id="cafe">Café da manhã</Tag>
      <Tag id="almoco">Almoço</Tag>
      <Tag id="jantar">Jantar</Tag>
    </TagGroup>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('Jantar'));
    await expect(canvas.getByRole('row', { name: 'Jantar' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft} ');
    await expect(canvas.getByRole('row', { name: 'Almoço' })).toHaveAttribute('aria-selected', 'false');
  },
};

export const Disabled: Story = {
  render: () => (
    <TagGroup label="Filtros aplicados" disabledKeys={['b']} onRemove={() => {}}>
      <Tag id="a">Ativos</Tag>
      <Tag id="b">Inadimplentes</Tag>
    </TagGroup>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /Inadimplentes/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
};
