import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Badge } from '../Badge';
import { Text } from '../Text';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

const meta = {
  title: 'Navegação/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { onSelectionChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Ficha do cliente">
        <Tab id="resumo">Resumo</Tab>
        <Tab id="consultas">
          Consultas <Badge>12</Badge>
        </Tab>
        <Tab id="planos">Planos alimentares</Tab>
        <Tab id="arquivos">Arquivos</Tab>
      </TabList>
      <TabPanel id="resumo">
        <Text>Dados gerais do cliente.</Text>
      </TabPanel>
      <TabPanel id="consultas">
        <Text>Histórico de consultas.</Text>
      </TabPanel>
      <TabPanel id="planos">
        <Text>Planos alimentares publicados.</Text>
      </TabPanel>
      <TabPanel id="arquivos">
        <Text>Exames e documentos enviados.</Text>
      </TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('tablist', { name: 'Ficha do cliente' })).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Resumo' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Resumo' })).toHaveTextContent('Dados gerais do cliente.');
    await userEvent.click(canvas.getByRole('tab', { name: /Planos alimentares/ }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('planos');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Planos alimentares publicados.');
    // Arrow keys move between tabs and show their panel.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Arquivos' })).toHaveFocus();
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('arquivos');
    await userEvent.keyboard('{Home}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('resumo');
  },
};

export const DefaultSelected: Story = {
  args: { defaultSelectedKey: 'consultas' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: /Consultas/ })).toHaveAttribute('aria-selected', 'true');
  },
};

export const DisabledTab: Story = {
  args: { disabledKeys: ['arquivos'] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('tab', { name: 'Arquivos' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('tab', { name: 'Arquivos' }), { pointerEventsCheck: 0 });
    await expect(args.onSelectionChange).not.toHaveBeenCalledWith('arquivos');
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Resumo' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('consultas');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultSelectedKey: 'planos' },
};
