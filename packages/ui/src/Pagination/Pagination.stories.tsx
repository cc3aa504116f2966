import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination, pageRange } from './Pagination';

const meta = {
  title: 'Dados/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { take: 20, skip: 0, total: 200, onChange: fn() },
  render: function Render(args) {
    const [skip, setSkip] = useState(args.skip);
    return (
      <Pagination
        {...args}
        skip={skip}
        onChange={(next) => {
          setSkip(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Paginação' })).toBeInTheDocument();
    await expect(canvas.getByText('Mostrando 1–20 de 200')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Próxima página' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(20);
    await expect(canvas.getByText('Mostrando 21–40 de 200')).toBeVisible();
    // Keyboard: Shift+Tab back from "Próxima página" to the last page number, Enter goes there.
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Página 10' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(180);
    await expect(canvas.getByRole('button', { name: 'Página 10' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Mostrando 181–200 de 200')).toBeVisible();
  },
};

export const MiddlePage: Story = {
  args: { skip: 100 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Mostrando 101–120 de 200')).toBeVisible();
    await expect(pageRange(6, 10)).toEqual([1, null, 5, 6, 7, null, 10]);
    await userEvent.click(canvas.getByRole('button', { name: 'Página 10' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(180);
    await expect(canvas.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  },
};

export const LastPartialPage: Story = {
  args: { skip: 40, total: 45 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mostrando 41–45 de 45')).toBeVisible();
  },
};

export const LargeNumbers: Story = {
  args: { skip: 1000, take: 50, total: 12345 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mostrando 1.001–1.050 de 12.345')).toBeVisible();
  },
};

/** A capped count ("mais de 1.000"): the pages go on past it while they come full. */
export const MoreThanTotal: Story = {
  args: { total: 1000, moreThanTotal: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Mostrando 1–20 de mais de 1.000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Página 50' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(980);
    await expect(canvas.getByText('Mostrando 981–1.000 de mais de 1.000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Próxima página' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(1000);
    await expect(canvas.getByText('Mostrando 1.001–1.020 de mais de 1.000')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página 51' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Próxima página' })).toBeEnabled();
  },
};

/** Past a capped count, a page shorter than `take` is the last. */
export const MoreThanTotalLastPage: Story = {
  args: { total: 1000, moreThanTotal: true, skip: 1180, pageItems: 7 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mostrando 1.181–1.187 de mais de 1.000')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página 60' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  },
};

export const SinglePage: Story = {
  args: { total: 7 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Mostrando 1–7 de 7')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nenhum resultado')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, skip: 20 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Página 3' }), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { skip: 60 },
};
