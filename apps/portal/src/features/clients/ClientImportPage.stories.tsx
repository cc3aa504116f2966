import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { errorHandler, patientHandlers, patientImportTemplateFixture } from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { ClientImportPage } from './ClientImportPage';
import { ClientsScreen, clientsRouter } from './ClientsScreen';
import { resetPortal } from '../../storybook/PortalScreen';

/** A spreadsheet as people export it: their own headers, `;`, a quoted cell holding `;`, a formula. */
const CSV = [
  'Cliente;Whats;E-mail;CPF;Observações',
  'Ana Paula;(11) 91234-0001;ana@exemplo.com;;',
  'Bruno Sá;11 91234-0002;;123.456.789-00;"Prefere; manhã"',
  'Carla;;carla@exemplo.com;;',
  'Diego;;;;',
  ';11 91234-0005;;;=HYPERLINK("x")',
  'Eva;;;;',
].join('\r\n');

const csvFile = () => new File([CSV], 'clientes.csv', { type: 'text/csv' });

/** What the import call received. */
let sent: { mapping: unknown; fileName: string | null; auth: string | null }[] = [];
/** Blobs handed to downloads, newest last. */
let downloads: Blob[] = [];

const recordImport = http.post('*/api/patient/import', async ({ request }) => {
  const form = await request.clone().formData();
  const file = form.get('file');
  sent.push({
    mapping: JSON.parse(String(form.get('mapping') ?? 'null')),
    fileName: file instanceof File ? file.name : null,
    auth: request.headers.get('Authorization'),
  });
  return undefined;
});

const meta = {
  title: 'Screens/Clients/Import',
  component: ClientImportPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: [recordImport, ...Object.values(patientHandlers)] } },
  beforeEach: () => {
    resetPortal({ signedIn: true });
    sent = [];
    downloads = [];
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
    const create = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:story';
    });
    // No real download in the test browser.
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    return () => {
      create.mockRestore();
      click.mockRestore();
    };
  },
  render: () => <ClientsScreen path="/clients/import" />,
} satisfies Meta<typeof ClientImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const fileInput = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;

async function chooseCsv(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Importar clientes' });
  await userEvent.upload(fileInput(canvasElement), csvFile());
  return within(await canvas.findByRole('region', { name: '2. Confira as colunas' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Importar clientes' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
    await expect(canvas.getByText('CSV ou XLSX, até 5 MB')).toBeVisible();
  },
};

export const DownloadTemplate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Baixar modelo' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(await downloads[0]!.text()).toBe(patientImportTemplateFixture);
  },
};

export const RefusesOtherFiles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Importar clientes' });
    // A drop ignores the picker's `accept`, so the zone itself has to refuse the file.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(canvasElement), new File(['x'], 'fotos.pdf', { type: 'application/pdf' }));
    await expect(
      await canvas.findByText('“fotos.pdf” não é um tipo de arquivo aceito. Envie CSV ou XLSX.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('region', { name: '2. Confira as colunas' })).toBeNull();
  },
};

/** The columns are guessed from the headers; the preview shows the first 5 rows as they will be read. */
export const MappingPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const step = await chooseCsv(canvasElement);
    await expect(step.getByText(/clientes\.csv · 6 linhas de clientes/)).toBeVisible();
    await expect(step.getByRole('button', { name: /^Cliente Nome \(obrigatório\)/ })).toBeVisible();
    await expect(step.getByRole('button', { name: /^Whats Telefone/ })).toBeVisible();
    await expect(step.getByRole('button', { name: /^Não importar Sexo/ })).toBeVisible();

    const preview = within(step.getByRole('grid', { name: /Prévia das primeiras 5 linhas/ }));
    await expect(preview.getAllByRole('row')).toHaveLength(6);
    await expect(preview.getByText('Prefere; manhã')).toBeVisible();
    await expect(preview.queryByText('Eva')).toBeNull();

    // Without the name column there is nothing to import.
    await userEvent.click(step.getByRole('button', { name: /Nome \(obrigatório\)/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Não importar' }));
    await expect(await step.findByText('Escolha a coluna com o nome do cliente.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Importar clientes' })).toBeDisabled();
  },
};

/** Upload with progress, then the report; the rejected rows download as CSV with an `erro` column. */
export const ImportWithErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        recordImport,
        http.post('*/api/patient/import', async () => {
          await delay(400);
          return undefined;
        }),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseCsv(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Importar clientes' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Enviando clientes.csv' })).toBeInTheDocument();

    await expect(await canvas.findByText('Importação concluída')).toBeVisible();
    await expect(sent[0]).toEqual({
      mapping: { name: 'Cliente', email: 'E-mail', phone: 'Whats', document: 'CPF', notes: 'Observações' },
      fileName: 'clientes.csv',
      auth: expect.stringMatching(/^Bearer /),
    });
    const result = within(canvas.getByRole('region', { name: 'Resultado' }));
    await expect(result.getByText('Novos').closest('div')).toHaveTextContent('3');
    await expect(result.getByText('Atualizados').closest('div')).toHaveTextContent('1');
    await expect(result.getByText('Com erro').closest('div')).toHaveTextContent('2');

    const errors = within(canvas.getByRole('grid', { name: 'Linhas com erro' }));
    const rows = errors.getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('3CPFO CPF informado é inválido. Confira os números e tente novamente.');
    await expect(rows[1]).toHaveTextContent('6NomeInforme o nome.');

    await userEvent.click(canvas.getByRole('button', { name: 'Baixar linhas com erro (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const bytes = new Uint8Array(await downloads[0]!.arrayBuffer());
    await expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFCliente;Whats;E-mail;CPF;Observações;erro\r\n' +
        'Bruno Sá;11 91234-0002;;123.456.789-00;"Prefere; manhã";CPF: O CPF informado é inválido. Confira os números e tente novamente.\r\n' +
        ';11 91234-0005;;;"\'=HYPERLINK(""x"")";Nome: Informe o nome.\r\n',
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Ver clientes' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(clientsRouter?.state.location.pathname).toBe('/clients');
  },
};

/** The API refuses the whole file: the mapping step stays, with the reason. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/patient/import', 'MISSING_PARAMETER_MAPPER', [
          { path: ['mapping', 'name'], message: 'Associe a coluna com o nome do cliente.' },
        ]),
        ...Object.values(patientHandlers),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseCsv(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Importar clientes' }));
    const alert = within(await canvas.findByRole('alert'));
    await expect(alert.getByText('A importação não foi feita')).toBeVisible();
    await expect(
      alert.getByText('Falta associar uma das colunas obrigatórias. Confira o mapeamento e tente novamente.'),
    ).toBeVisible();
    await expect(alert.getByText('Associe a coluna com o nome do cliente.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Importar clientes' })).toBeEnabled();
  },
};
