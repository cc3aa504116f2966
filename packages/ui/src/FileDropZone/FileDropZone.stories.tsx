import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { FileDropZone, type FileUpload } from './FileDropZone';

const MB = 1024 * 1024;

const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;

/** A file of the given size without allocating it. */
function fakeFile(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const meta = {
  title: 'Formulários/FileDropZone',
  component: FileDropZone,
  tags: ['autodocs'],
  args: {
    label: 'Exames e documentos',
    acceptedFileTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    maxFileSize: 10 * MB,
    onSelect: fn(),
    onReject: fn(),
  },
  render: (args) => (
    <div css={{ maxWidth: 480 }}>
      <FileDropZone {...args} />
    </div>
  ),
} satisfies Meta<typeof FileDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByText('PDF, PNG ou JPG, até 10 MB')).toBeVisible();
    const button = canvas.getByRole('button', { name: /Escolher arquivos/ });
    await expect(button).toBeEnabled();
    const exam = new File(['%PDF'], 'hemograma.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(canvasElement), exam);
    await expect(args.onSelect).toHaveBeenCalledWith([exam]);
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

export const TooLarge: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.upload(fileInput(canvasElement), fakeFile('ressonancia.pdf', 'application/pdf', 12.5 * MB));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('“ressonancia.pdf” tem 12,5 MB; o limite é 10 MB.');
    await expect(args.onSelect).not.toHaveBeenCalled();
    await expect(args.onReject).toHaveBeenCalledTimes(1);
  },
};

export const WrongType: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    // The picker filters by type, but a drop does not: let the wrong file through as a drop would.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(canvasElement), [
      new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }),
      new File(['%PDF'], 'dieta.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledTimes(1));
    await expect((args.onSelect as ReturnType<typeof fn>).mock.calls[0][0].map((f: File) => f.name)).toEqual([
      'dieta.pdf',
    ]);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      '“programa.exe” não é um tipo de arquivo aceito. Envie PDF, PNG ou JPG.',
    );
  },
};

export const Uploading: Story = {
  args: {
    onRemove: fn(),
    uploads: [
      { id: '1', name: 'bioimpedancia.pdf', size: 2.3 * MB, progress: 40 },
      { id: '2', name: 'foto-frente.jpg', size: 845 * 1024 },
      { id: '3', name: 'exame-sangue.png', size: 1.1 * MB, error: 'Falha no envio. Tente novamente.' },
    ],
  },
  play: async ({ canvas, args }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Enviando bioimpedancia.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(canvas.getByText('845 KB · Enviado')).toBeVisible();
    await expect(canvas.getByText('Falha no envio. Tente novamente.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover foto-frente.jpg' }));
    await expect(args.onRemove).toHaveBeenCalledWith('2');
  },
};

export const SimulatedUpload: Story = {
  render: function Render(args) {
    const [uploads, setUploads] = useState<FileUpload[]>([]);
    return (
      <div css={{ maxWidth: 480 }}>
        <FileDropZone
          {...args}
          uploads={uploads}
          onRemove={(id) => setUploads((u) => u.filter((x) => x.id !== id))}
          onSelect={(files) => {
            args.onSelect(files);
            setUploads((u) => [
              ...u,
              ...files.map((f, i) => ({ id: `${f.name}-${i}`, name: f.name, size: f.size, progress: 30 })),
            ]);
          }}
        />
      </div>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), new File(['png'], 'prato.png', { type: 'image/png' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Enviando prato.png' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover prato.png' }));
    await expect(canvas.queryByText('prato.png')).not.toBeInTheDocument();
  },
};

export const SingleFile: Story = {
  args: { allowsMultiple: false, label: 'Foto do perfil', acceptedFileTypes: ['image/*'], maxFileSize: 2 * MB },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Escolher arquivo$/ })).toBeVisible();
    await expect(canvas.getByText('imagens, até 2 MB')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Escolher arquivos/ })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { uploads: [{ id: '1', name: 'bioimpedancia.pdf', size: 2.3 * MB, progress: 65 }] },
};
