import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { FileUploadAnswer, type FileUploadAnswerProps } from './FileUploadAnswer';

// A 1×1 green PNG as the preview of a chosen photo.
const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function Controlled(args: FileUploadAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <FileUploadAnswer
      {...args}
      value={value}
      onChange={(v, f) => {
        setValue(v);
        args.onChange(v, f);
      }}
    />
  );
}

const meta = {
  title: 'Questionário/FileUploadAnswer',
  component: FileUploadAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: {
    label: 'Foto do seu almoço',
    acceptedFileTypes: ['image/*'],
    maxFileSize: 5 * 1024 * 1024,
    value: null,
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof FileUploadAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, canvasElement }) => {
    await expect(canvas.getByText('imagens, até 5 MB')).toBeVisible();
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'almoco.png', { type: 'image/png' }));
    await expect(args.onChange).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'almoco.png', type: 'image/png' }),
      expect.any(File),
    );
    await expect(canvas.getByRole('img', { name: 'Pré-visualização de almoco.png' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remover almoco.png' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null, undefined);
    await expect(canvas.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
  },
};

export const Uploading: Story = {
  args: { value: { name: 'almoco.jpg', size: 2_400_000, type: 'image/jpeg', previewUrl: pixel }, progress: 45 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Enviando almoco.jpg' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByRole('button', { name: 'Remover almoco.jpg' })).toBeVisible();
  },
};

export const Uploaded: Story = {
  args: {
    value: { name: 'exame.pdf', size: 320_000, type: 'application/pdf' },
    progress: 100,
    acceptedFileTypes: ['application/pdf'],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('312,5 KB · Enviado')).toBeVisible();
  },
};

export const RejectsWrongType: Story = {
  play: async ({ canvas, args, canvasElement }) => {
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'notas.txt', { type: 'text/plain' }), { applyAccept: false });
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      '“notas.txt” não é um tipo de arquivo aceito. Envie imagens.',
    );
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const UploadError: Story = {
  args: {
    value: { name: 'almoco.jpg', size: 2_400_000, type: 'image/jpeg', previewUrl: pixel },
    errorMessage: 'Não foi possível enviar o arquivo. Tente de novo.',
  },
};

export const Disabled: Story = { args: { isDisabled: true } };
export const ClashingAppearance: Story = { parameters: { quizAppearance: clashingAppearance } };
export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { value: { name: 'almoco.jpg', size: 2_400_000, type: 'image/jpeg', previewUrl: pixel }, progress: 70 },
};
