import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button';
import { Card } from '../Card';
import { Stack } from '../Stack';
import { Text } from '../Text';
import { ThemeProvider } from './ThemeProvider';
import { lightTheme, type SemanticColors } from './tokens';

const swatches: (keyof SemanticColors)[] = [
  'bg',
  'surface',
  'surfaceMuted',
  'text',
  'textMuted',
  'border',
  'borderStrong',
  'actionBg',
  'link',
  'danger',
  'success',
  'warning',
  'info',
  'focus',
];
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function Palette() {
  return (
    <Stack gap={4}>
      <Card title="Cores semânticas" description="Os componentes leem apenas estas variáveis.">
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
            gap: 'var(--space-3)',
          }}
        >
          {swatches.map((name) => (
            <li key={name} css={{ display: 'flex', alignItems: 'center', gap: 'var(--space-2)' }}>
              <span
                aria-hidden="true"
                css={{
                  width: 28,
                  height: 28,
                  borderRadius: 'var(--radius-sm)',
                  border: '1px solid var(--color-border)',
                  background: `var(--color-${kebab(name)})`,
                }}
              />
              <Text as="span" variant="small">
                --color-{kebab(name)}
              </Text>
            </li>
          ))}
        </ul>
      </Card>
      <Stack direction="row" gap={2}>
        <Button>Primário</Button>
        <Button variant="secondary">Secundário</Button>
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Tema/ThemeProvider',
  component: ThemeProvider,
  tags: ['autodocs'],
  args: { children: <Palette /> },
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const root = getComputedStyle(document.documentElement);
    await expect(root.getPropertyValue('--color-action-bg').trim().toUpperCase()).toBe(lightTheme.colors.actionBg);
    await expect(root.getPropertyValue('--font-sans')).toContain('Inter');
  },
};

/** A nested provider scopes another mode to its subtree (this is how the auth layout is dark). */
export const NestedDark: Story = {
  args: { mode: 'dark' },
  render: (args) => (
    <ThemeProvider {...args}>
      <div css={{ padding: 'var(--space-4)', background: 'var(--color-bg)' }}>
        <Palette />
      </div>
    </ThemeProvider>
  ),
  play: async ({ canvasElement }) => {
    const scope = canvasElement.querySelector('[data-theme="dark"]') as HTMLElement;
    await expect(scope).not.toBeNull();
    await expect(getComputedStyle(scope).getPropertyValue('--color-bg').trim().toUpperCase()).toBe('#030712');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
