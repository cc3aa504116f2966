import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SURVEY_SCHEDULE_ID, surveyBrandFixture } from '@acompanha/api-client/mocks';
import { writeBrand } from './lib/storage';
import OfflineShell from './OfflineShell';

/** A survey link the service worker answered offline (sw.js): what the patient sees until the connection returns. */
const meta = {
  title: 'Survey/OfflineShell',
  component: OfflineShell,
  args: { quizScheduleId: SURVEY_SCHEDULE_ID },
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    window.localStorage.clear();
  },
} satisfies Meta<typeof OfflineShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const SENTENCE = 'Você está sem conexão; o questionário abre assim que a internet voltar.';

/** A link never opened on this phone: the look of the last professional seen here, on another link. */
export const HerLook: Story = {
  beforeEach: () => {
    writeBrand('0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f', surveyBrandFixture);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sem conexão' })).toBeVisible();
    await expect(canvas.getByText(SENTENCE)).toBeVisible();
    await expect(canvas.getByRole('banner')).toHaveTextContent(surveyBrandFixture.professionalName);
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

/** Nothing kept on this phone: the default look, no one named. */
export const NothingKept: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(SENTENCE)).toBeVisible();
    await expect(canvas.queryByRole('banner')).toBeNull();
  },
};
