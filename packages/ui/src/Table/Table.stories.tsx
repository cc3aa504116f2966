import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState, type ComponentProps } from 'react';
import type { Selection, SortDescriptor } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { IconUsers } from '../Icon';
import { Cell, Column, Row, Table, TableBody, TableHeader } from './Table';
import { describeUnlabeledCardCells, unlabeledCardCells } from './cardLabels';

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
            <Cell cardLabel="E-mail">{c.email}</Cell>
            <Cell cardLabel="Última consulta">{date(c.lastVisit)}</Cell>
            <Cell align="end" cardLabel="Plano">
              {brl.format(c.plan / 100)}
            </Cell>
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

/** The text each cell of a row shows, as seen (a hidden card label is not). */
const seen = (row: HTMLElement) =>
  [...row.querySelectorAll<HTMLElement>('td')].map((td) => td.innerText.replace(/\s+/g, ' ').trim());

/**
 * In a box as narrow as a phone, each row is a card: the column headers are out of sight, so every value
 * reads with its label; the row header is the card's title.
 */
export const Reflow: Story = {
  args: { reflow: true, selectionMode: 'multiple' },
  render: (args) => (
    <div style={{ width: 390 }}>
      <ClientTable {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const andre = canvas.getByRole('rowheader', { name: 'André Lima' }).closest<HTMLElement>('[role="row"]')!;
    await expect(seen(andre)).toEqual([
      '',
      'André Lima',
      'E-mail: andre@exemplo.com.br',
      'Última consulta: 28/02/2025',
      'Plano: R$ 250,00',
    ]);
    // The header row is out of sight (still there for assistive technology).
    const thead = canvas.getByRole('columnheader', { name: /E-mail/ }).closest('thead')!;
    await expect(thead.getBoundingClientRect().height).toBeLessThanOrEqual(1);
    await expect(unlabeledCardCells(canvasElement)).toEqual([]);
  },
};

/** The same table in a wide box: a table again, the card labels hidden. */
export const ReflowWide: Story = {
  args: { reflow: true },
  play: async ({ canvas }) => {
    const andre = canvas.getByRole('rowheader', { name: 'André Lima' }).closest<HTMLElement>('[role="row"]')!;
    await expect(seen(andre)).toEqual(['André Lima', 'andre@exemplo.com.br', '28/02/2025', 'R$ 250,00']);
  },
};

/**
 * The guard: a reflowed cell with neither a `cardLabel` nor `actions` is found (every story test fails on
 * one, see .storybook/preview.tsx; this story alone opts out to show it), while a cell of actions passes.
 */
export const UnlabeledCellIsFound: Story = {
  parameters: { cardLabelCheck: false },
  render: () => (
    <div style={{ width: 390 }}>
      <Table aria-label="Consultas" reflow>
        <TableHeader>
          <Column isRowHeader>Cliente</Column>
          <Column>Data</Column>
          <Column>Ações</Column>
        </TableHeader>
        <TableBody>
          <Row id="1">
            <Cell>Beatriz Santos</Cell>
            <Cell>12/03/2025</Cell>
            <Cell actions>
              <Button size="sm">Remarcar</Button>
            </Cell>
          </Row>
        </TableBody>
      </Table>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(unlabeledCardCells(canvasElement)).toEqual([canvas.getByText('12/03/2025').closest('td')]);
    await expect(describeUnlabeledCardCells(canvasElement)).toBe(
      'A reflowed table shows values without a label in its phone cards: "Consultas" ("Data"). ' +
        'Give each such Cell a cardLabel, or mark a cell of self-naming controls with actions.',
    );
  },
};
