import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  dataExportHandlerList,
  dataExportHandlers,
  failingExportHandler,
  practicePatientFixture,
  resetDataExportState,
} from '@acompanha/api-client/mocks';
import { Button, Text, toastQueue } from '@acompanha/ui';
import { queryClient } from '../../app/queryClient';
import { resetPortal } from '../../storybook/PortalScreen';
import { ExportDataDialog, type ExportScope } from './ExportDataDialog';

const body = () => within(document.body);
const dialog = async () => within(await body().findByRole('dialog'));
const PATIENT: ExportScope = {
  kind: 'patient',
  patientId: practicePatientFixture.id,
  patientName: practicePatientFixture.name,
};

/** The dialog as a screen opens it; closing it leaves a button to open it again (the job goes on). */
function ExportStory({ scope }: { scope: ExportScope }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <QueryClientProvider client={queryClient}>
      {isOpen ? null : (
        <>
          <Text>Janela fechada.</Text>
          <Button onPress={() => setOpen(true)}>Abrir de novo</Button>
        </>
      )}
      <ExportDataDialog scope={scope} pollIntervalMs={150} isOpen={isOpen} onClose={() => setOpen(false)} />
    </QueryClientProvider>
  );
}

const meta = {
  title: 'Screens/Data export/Export dialog',
  component: ExportDataDialog,
  tags: ['autodocs'],
  args: { isOpen: true, onClose: fn(), scope: PATIENT },
  parameters: { layout: 'fullscreen', msw: { handlers: dataExportHandlerList } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    resetDataExportState();
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  },
  render: (args) => <ExportStory scope={args.scope} />,
} satisfies Meta<typeof ExportDataDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before it starts: what the ZIP holds, and how long the link lasts. */
export const WhatItHolds: Story = {
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('heading', { name: 'Exportar dados do cliente' })).toBeVisible();
    await expect(d.getByText(`Um arquivo .zip com todos os dados de ${practicePatientFixture.name}:`)).toBeVisible();
    await expect(d.getByText(/com as perguntas como o cliente as viu/)).toBeVisible();
    await expect(d.getByText(/O link vale por 7 dias/)).toBeVisible();
    await expect(d.getByRole('button', { name: 'Preparar arquivo' })).toBeEnabled();
  },
};

/** Started: "Preparando o arquivo…" while the job runs, then "Pronto" with the link and until when it works. */
export const PreparingThenReady: Story = {
  play: async () => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Preparar arquivo' }));
    await expect(await d.findByRole('progressbar', { name: 'Preparando o arquivo…' })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Fechar e continuar depois' })).toBeVisible();
    await expect(await d.findByText('Pronto', {}, { timeout: 3000 })).toBeVisible();
    await expect(d.getByText(/O arquivo está pronto para baixar até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const link = d.getByRole('link', { name: /^Baixar arquivo \.zip \(1,2 MB\)$/ });
    await expect(link).toHaveAttribute('href', expect.stringContaining('/api/file/'));
    await expect(link).toHaveAttribute('download');
    await userEvent.click(d.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** Closed while it runs: opening again shows the same job, not a new one. */
export const ClosedAndReopened: Story = {
  parameters: {
    msw: {
      handlers: [
        dataExportHandlers.createPatientExport,
        http.get('*/api/patient/:id/export/:jobId', ({ params }) =>
          HttpResponse.json({
            id: String(params.jobId),
            scope: 'patient',
            state: 'running',
            progress: 0,
            total: 1,
            createdAt: new Date().toISOString(),
            finishedAt: null,
            expiresAt: null,
            size: null,
            downloadUrl: null,
            error: null,
          }),
        ),
      ],
    },
  },
  play: async () => {
    await userEvent.click((await dialog()).getByRole('button', { name: 'Preparar arquivo' }));
    await userEvent.click(await (await dialog()).findByRole('button', { name: 'Fechar e continuar depois' }));
    await userEvent.click(await body().findByRole('button', { name: 'Abrir de novo' }));
    await expect(await (await dialog()).findByRole('progressbar', { name: 'Preparando o arquivo…' })).toBeVisible();
  },
};

/** "Exportar tudo": clients counted as they are written; ready, it says an e-mail went too. */
export const ExportEverything: Story = {
  args: { scope: { kind: 'all' } },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('heading', { name: 'Exportar tudo' })).toBeVisible();
    await expect(d.getByText(/uma pasta para cada cliente e um índice/)).toBeVisible();
    await expect(d.getByText(/avisamos no portal e por e-mail/)).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Preparar arquivo' }));
    await expect(await d.findByText('24 de 48 clientes')).toBeVisible();
    await expect(await d.findByText(/Também enviamos um e-mail para você\./, {}, { timeout: 3000 })).toBeVisible();
    await expect(d.getByRole('link', { name: /^Baixar arquivo \.zip \(46,1 MB\)$/ })).toBeVisible();
  },
};

/** The job could not build it: the reason, and a new try. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [dataExportHandlers.createPatientExport, failingExportHandler('/patient/:id/export/:jobId')],
    },
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Preparar arquivo' }));
    await expect(await d.findByText('Não foi possível preparar o arquivo')).toBeVisible();
    await expect(d.getByText(/Tente de novo; se continuar, fale com o suporte\./)).toBeVisible();
    await expect(d.getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();
  },
};

/** Seven days later the file is gone: the dialog offers a new one. */
export const Expired: Story = {
  parameters: {
    msw: {
      handlers: [
        dataExportHandlers.createPatientExport,
        http.get('*/api/patient/:id/export/:jobId', ({ params }) =>
          HttpResponse.json({
            id: String(params.jobId),
            scope: 'patient',
            state: 'expired',
            progress: 1,
            total: 1,
            createdAt: '2026-11-01T12:00:00.000Z',
            finishedAt: '2026-11-01T12:00:05.000Z',
            expiresAt: '2026-11-08T12:00:05.000Z',
            size: 1_240_000,
            downloadUrl: null,
            error: null,
          }),
        ),
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Preparar arquivo' }));
    await expect(await d.findByText('O arquivo expirou')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Preparar um novo arquivo' })).toBeEnabled();
  },
};
