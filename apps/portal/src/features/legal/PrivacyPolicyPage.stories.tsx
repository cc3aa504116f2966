import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Legal/PrivacyPolicy',
  component: PrivacyPolicyPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: () => <PortalScreen path="/privacy-policy" />,
} satisfies Meta<typeof PrivacyPolicyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Seus direitos' })).toBeVisible();
  },
};
