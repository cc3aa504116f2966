import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SurveyApp } from './SurveyApp';

const meta = {
  title: 'Survey/SurveyApp',
  component: SurveyApp,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SurveyApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unavailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Questionário indisponível' })).toBeVisible();
  },
};
