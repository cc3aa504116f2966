import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createPatientMutation,
  messageForCode,
  type ServiceModality,
  handled,
  type ApiErrorCode,
  createPatientLimits,
} from '@acompanha/api-client';
import {
  Button,
  DocumentField,
  Form,
  Modal,
  PhoneField,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { MODALITIES, MODALITY_LABELS } from './labels';
import { refreshAfter } from '../../lib/refresh';
import { EmailField } from '../../lib/EmailField';

/** Server refusals this form shows on its own fields instead of the central toast. */
const FIELD_CODES: Partial<Record<ApiErrorCode, 'phone' | 'document'>> = {
  MULTIPLE_PATIENTS_SAME_PHONE: 'phone',
  PATIENT_DOCUMENT_ALREADY_EXISTS: 'document',
  INVALID_PATIENT_DOCUMENT: 'document',
};
const HANDLED_CODES: ApiErrorCode[] = [...(Object.keys(FIELD_CODES) as ApiErrorCode[]), 'WRONG_COMMAND_PARAMETERS'];

const EMPTY = { name: '', phone: '', email: '', document: '', serviceModality: 'presencial' as ServiceModality };

export interface QuickAddClientModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** "Novo cliente": the few fields needed to start; the rest is filled in on the client's profile. */
export function QuickAddClientModal({ isOpen, onOpenChange }: QuickAddClientModalProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof EMPTY>) => setValues((v) => ({ ...v, ...patch }));

  const create = useMutation({
    ...createPatientMutation(),
    onSuccess: async (patient) => {
      await refreshAfter(queryClient, 'patientsAdded');
      toastQueue.add({ tone: 'success', title: `Cliente “${patient.name}” cadastrado.` });
      close();
    },
    onError: (raw) => {
      const error = asApiError(raw);
      const field = FIELD_CODES[error.code];
      if (field) setErrors({ [field]: messageForCode(error.code) });
      else if (error.code === 'WRONG_COMMAND_PARAMETERS') setErrors(error.fieldErrors());
    },
  });

  function close() {
    setValues(EMPTY);
    setErrors({});
    create.reset();
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    create.mutate({
      body: {
        name: values.name.trim(),
        phone: values.phone || null,
        email: values.email.trim() || null,
        document: values.document || null,
        serviceModality: values.serviceModality,
      },
      meta: handled(...HANDLED_CODES),
    });
  }

  /** Editing a field clears its server error. */
  const clear = (field: string) => errors[field] && setErrors(({ [field]: _, ...rest }) => rest);

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      title="Novo cliente"
      isDismissable
    >
      <Form onSubmit={onSubmit} validationErrors={errors} aria-label="Novo cliente">
        <TextField
          label="Nome"
          maxLength={createPatientLimits.name.maxLength}
          name="name"
          isRequired
          autoFocus
          value={values.name}
          onChange={(name) => (set({ name }), clear('name'))}
          errorMessage="Informe o nome."
        />
        <PhoneField
          label="Telefone"
          name="phone"
          value={values.phone}
          onChange={(phone) => (set({ phone }), clear('phone'))}
          description="Com DDD. Usado no WhatsApp e na área do cliente."
        />
        <EmailField
          label="E-mail"
          maxLength={createPatientLimits.email.maxLength}
          name="email"
          value={values.email}
          onChange={(email) => (set({ email }), clear('email'))}
        />
        <DocumentField
          label="CPF"
          name="document"
          kind="cpf"
          value={values.document}
          onChange={(document) => (set({ document }), clear('document'))}
        />
        <RadioGroup
          label="Modalidade"
          name="serviceModality"
          orientation="horizontal"
          value={values.serviceModality}
          onChange={(v) => set({ serviceModality: v as ServiceModality })}
        >
          {MODALITIES.map((m) => (
            <Radio key={m} value={m}>
              {MODALITY_LABELS[m]}
            </Radio>
          ))}
        </RadioGroup>
        <Stack direction="row" gap={2} justify="end">
          <Button variant="secondary" onPress={close}>
            Cancelar
          </Button>
          <Button type="submit" isPending={create.isPending}>
            Cadastrar cliente
          </Button>
        </Stack>
      </Form>
    </Modal>
  );
}
