import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { QueryClientProvider } from '@tanstack/react-query';
import { accountHandlers, loginResponseFixture } from '@acompanha/api-client/mocks';
import { memoryHistory, VisitorApp } from './VisitorApp';
import { queryClient } from './queryClient';
import { store } from './store';
import { resetPortal } from '../storybook/PortalScreen';

/** The history of the story on screen: where the light start went. */
let history = memoryHistory('/login');

function LightStart({ path, onLeave }: { path: string; onLeave: () => void }) {
  const [started] = useState(() => (history = memoryHistory(path)));
  return (
    <QueryClientProvider client={queryClient}>
      <VisitorApp history={started} onLeave={onLeave} />
    </QueryClientProvider>
  );
}

/**
 * sign-in.html's start (`src/signIn.tsx`): the visitor's pages on a history of their own, without React Router.
 * The same pages inside the full route table have their stories under Screens/Auth.
 */
const meta = {
  title: 'Screens/Auth/Light start',
  component: LightStart,
  parameters: { layout: 'fullscreen', msw: { handlers: [accountHandlers.login, accountHandlers.register] } },
  args: { path: '/login', onLeave: fn() },
  beforeEach: () => resetPortal({ signedIn: false }),
} satisfies Meta<typeof LightStart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignInPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/recovery');
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};

/** A link to another visitor's page stays in the light start: the page's code loads when asked for. */
export const ToRegistration: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Criar conta' }));
    await expect(await canvas.findByRole('heading', { name: 'Criar conta' })).toBeVisible();
    await expect(history.entries).toEqual(['/login', '/auth/registration']);
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};

/** Signed in: the address becomes where she was going, and the full portal is asked to start there. */
export const SignInAndLeave: Story = {
  args: { path: '/login?redirectTo=%2Fdashboard' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('E-mail'), 'ana.souza@exemplo.com.br');
    await userEvent.type(canvas.getByLabelText('Senha', { exact: false, selector: 'input' }), 'senha-forte-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledTimes(1));
    await expect(history.entries).toEqual(['/dashboard']);
    await expect(store.getState().session.jwt).toBeTruthy();
  },
};

/** She signed in in another tab: the visitor's page hands over to the full portal (which sends her home). */
export const SignedInElsewhere: Story = {
  args: { path: '/auth/registration' },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Criar conta' })).toBeVisible();
    await expect(args.onLeave).not.toHaveBeenCalled();
    store.login(loginResponseFixture);
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledTimes(1));
  },
};

/** The e-mail confirmation's way back: the sign-in page with its banner, in the light start as well. */
export const AccountConfirmed: Story = {
  args: { path: '/account-success?email=ana%40exemplo.com.br' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sua conta foi confirmada. Entre com seu e-mail e senha.')).toBeVisible();
    await expect(canvas.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
  },
};

/** An address that is no visitor's page (a public page she followed a link to) hands over at once. */
export const NotAVisitorPage: Story = {
  args: { path: '/privacy-policy' },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onLeave).toHaveBeenCalled());
  },
};
