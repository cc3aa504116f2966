import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState, type ComponentProps } from 'react';
import type { Selection, SortDescriptor } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { IconUsers } from '../Icon';
import { Cell, Column, Row, Table, TableBody, TableHeader } from './Table';

interface Client {
  id: string;
  name: string;
  email: string;
  lastVisit: string;
  plan: number;
}

const clients: Client[] = [
  { id: '1', name: 'Beatriz Santos', email: 'beatriz@exemplo.com.br', lastVisit: '2025-03-12', plan: 18900 },
  { id: '2', name: 'André Lima', email: 'andre@exemplo.com.br', lastVisit: '2025-02-28', plan: 25000 },
  { id: '3', name: 'Carla Mendes', email: 'carla@exemplo.com.br', lastVisit: '2025-03-03', plan: 9990 },
];

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const date = (iso: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' }).format(new Date(iso));

interface ClientTableProps extends ComponentProps<typeof Table> {
  rows?: Client[];
  isLoading?: boolean;
  onSort?: (d: SortDescriptor) => void;
}

function ClientTable({ rows = clients, isLoading, onSort, ...props }: ClientTableProps) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const sorted = useMemo(() => {
    const key = sort.column as keyof Client;
    const out = [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key]), 'pt-BR', { numeric: true }));
    return sort.direction === 'descending' ? out.reverse() : out;
  }, [rows, sort]);
  return (
    <Table
      aria-label="Clientes"
      sortDescriptor={sort}
      onSortChange={(d) => {
        setSort(d);
        onSort?.(d);
      }}
      {...props}
    >
      <TableHeader>
        <Column id="name" isRowHeader allowsSorting>
          Nome
        </Column>
        <Column id="email">E-mail</Column>
        <Column id="lastVisit" allowsSorting>
          Última consulta
        </Column>
        <Column id="plan" allowsSorting align="end">
          Plano
        </Column>
      </TableHeader>
      <TableBody
        items={sorted}
        isLoading={isLoading}
        loadingLabel="Carregando clientes…"
        emptyState={
          <EmptyState
            icon={<IconUsers size={32} />}
            title="Nenhum cliente ainda"
            description="Cadastre seu primeiro cliente para começar."
            action={<Button>Novo cliente</Button>}
            headingLevel={3}
          />
        }
      >
        {(c) => (
          <Row id={c.id}>
            <Cell>{c.name}</Cell>
            <Cell>{c.email}</Cell>
            <Cell>{date(c.lastVisit)}</Cell>
            <Cell align="end">{brl.format(c.plan / 100)}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: 'Dados/Table',
  component: Table,
  tags: ['autodocs'],
  args: { onSelectionChange: fn(), onRowAction: undefined },
  render: (args) => <ClientTable {...args} onSort={fn()} />,
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keys of the last selection reported (RAC passes a `Set` subclass with extra fields, or `'all'`). */
const lastSelection = (handler: unknown) => {
  const value = (handler as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as Selection | undefined;
  return value === 'all' || value === undefined ? value : [...value];
};

const rowNames = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('rowheader').map((cell: HTMLElement) => cell.textContent);

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: 'Clientes' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(rowNames(canvas)).toEqual(['André Lima', 'Beatriz Santos', 'Carla Mendes']);
    const nameHeader = canvas.getByRole('columnheader', { name: /Nome/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    // Clicking the header flips the order.
    await userEvent.click(nameHeader);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(canvas)).toEqual(['Carla Mendes', 'Beatriz Santos', 'André Lima']);
    // Keyboard: move to the next header and sort it with Enter.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await expect(canvas.getByRole('columnheader', { name: /Última consulta/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(rowNames(canvas)).toEqual(['André Lima', 'Carla Mendes', 'Beatriz Santos']);
  },
};

export const Selectable: Story = {
  args: { selectionMode: 'multiple' },
  play: async ({ canvas, args }) => {
    const andre = canvas.getByRole('checkbox', { name: /André Lima/ });
    await userEvent.click(andre);
    await expect(andre).toBeChecked();
    await expect(lastSelection(args.onSelectionChange)).toEqual(['2']);
    // Arrow down to the next row, Space selects it.
    await userEvent.keyboard('{ArrowDown} ');
    await expect(lastSelection(args.onSelectionChange)).toEqual(['2', '1']);
    await expect(canvas.getAllByRole('row', { selected: true })).toHaveLength(2);
    // "Select all" in the header.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Selecionar tudo' }));
    await expect(lastSelection(args.onSelectionChange)).toBe('all');
  },
};

export const SingleSelection: Story = {
  args: { selectionMode: 'single', selectionBehavior: 'replace' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('rowheader', { name: 'Carla Mendes' }));
    await expect(lastSelection(args.onSelectionChange)).toEqual(['3']);
    // In "replace" mode the selection follows the arrow keys.
    await userEvent.keyboard('{ArrowUp}');
    await expect(lastSelection(args.onSelectionChange)).toEqual(['1']);
  },
};

export const Empty: Story = {
  render: (args) => <ClientTable {...args} rows={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Nenhum cliente ainda' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Novo cliente' })).toBeVisible();
  },
};

export const EmptyDefaultText: Story = {
  render: () => (
    <Table aria-label="Consultas">
      <TableHeader>
        <Column isRowHeader>Cliente</Column>
        <Column>Data</Column>
      </TableHeader>
      <TableBody>{[]}</TableBody>
    </Table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nenhum registro encontrado.')).toBeVisible();
  },
};

export const Loading: Story = {
  render: (args) => <ClientTable {...args} isLoading />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Carregando clientes…' })).toBeInTheDocument();
    await expect(canvas.queryByText('André Lima')).not.toBeInTheDocument();
  },
};

export const DisabledRows: Story = {
  args: { selectionMode: 'multiple', disabledKeys: ['1'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: /Beatriz Santos/ })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { selectionMode: 'multiple', defaultSelectedKeys: new Set(['2']) },
};
