import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteErrorPage } from './RouteErrorPage';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

function Harness({ error }: { error: unknown }) {
  const router = createMemoryRouter([{ path: '/', element: <Boom error={error} />, errorElement: <RouteErrorPage /> }]);
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Screens/Shell/ErrorPage',
  component: RouteErrorPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RouteErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThrownError: Story = {
  render: () => <Harness error={new Error('Falha ao carregar os dados')} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(canvas.getByText('Falha ao carregar os dados')).toBeVisible();
  },
};

export const ResponseStatus: Story = {
  render: () => <Harness error={new Response(null, { status: 503, statusText: 'Service Unavailable' })} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/503/)).toBeVisible();
  },
};
