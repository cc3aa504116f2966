import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  asApiError,
  getPatientQueryKey,
  updatePatientMutation,
  type Patient,
  type PatientSex,
  type ServiceModality,
  handled,
  type ApiErrorCode,
  updatePatientLimits,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  DatePicker,
  DocumentField,
  Form,
  PhoneField,
  Select,
  SelectItem,
  Stack,
  TextArea,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { emailErrorMessage } from '../../lib/account';
import { todaySP } from '../../lib/today';
import { MODALITY_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';
import { EmailField } from '../../lib/EmailField';

const SEX_LABELS: Record<PatientSex, string> = { feminino: 'Feminino', masculino: 'Masculino', outro: 'Outro' };
const NO_SEX = 'none';

/** What the screen says for each code the API answers a save with, on the field it concerns. */
const FIELD_CODES: Partial<Record<ApiErrorCode, { field: string; message: string }>> = {
  MULTIPLE_PATIENTS_SAME_PHONE: { field: 'phone', message: 'Já existe outro cliente com este telefone.' },
  PATIENT_DOCUMENT_ALREADY_EXISTS: { field: 'document', message: 'Já existe outro cliente com este CPF.' },
  INVALID_PATIENT_DOCUMENT: { field: 'document', message: 'CPF inválido. Confira os números.' },
};
const HANDLED_CODES = Object.keys(FIELD_CODES) as ApiErrorCode[];

/** Brazilian numbers are shown without the country code; the API stores E.164 (`+5511912345678`). */
const phoneForField = (phone: string | null) => (phone ?? '').replace(/^\+55/, '');

/** The tags' rule (the API's: at most 30, each up to 40 characters), said before the form is sent. */
function tagsProblem(text: string): string | null {
  const list = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const max = updatePatientLimits.tags.maxItems;
  const each = updatePatientLimits['tags[]'].maxLength;
  if (list.length > max) return `Use no máximo ${max} tags (agora são ${list.length}).`;
  const long = list.find((t) => t.length > each);
  return long ? `Cada tag tem no máximo ${each} caracteres: “${long.slice(0, 20)}…” tem ${long.length}.` : null;
}

/** 'Dados': the client's registration, saved with PUT /patient/{id}. */
export function PatientDataForm({ patient }: { patient: Patient }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(patient.name);
  const [email, setEmail] = useState(patient.email ?? '');
  const [phone, setPhone] = useState(phoneForField(patient.phone));
  const [document, setDocument] = useState(patient.document ?? '');
  const [birthDate, setBirthDate] = useState<CalendarDate | null>(
    patient.birthDate ? parseDate(patient.birthDate) : null,
  );
  const [sex, setSex] = useState<PatientSex | typeof NO_SEX>(patient.sex ?? NO_SEX);
  const [modality, setModality] = useState<ServiceModality>(patient.serviceModality);
  const [tags, setTags] = useState(patient.tags.join(', '));
  const [notes, setNotes] = useState(patient.notes ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const update = useMutation({
    ...updatePatientMutation(),
    onSuccess: async (saved) => {
      queryClient.setQueryData(getPatientQueryKey({ path: { id: patient.id } }), saved);
      await refreshAfter(queryClient, 'patientEdited');
      toastQueue.add({ tone: 'success', title: 'Dados do cliente salvos.' }, { timeout: 4000 });
    },
    onError: (raw) => {
      const error = asApiError(raw);
      const known = FIELD_CODES[error.code];
      if (known) setServerErrors({ [known.field]: known.message });
      else if (error.code === 'WRONG_COMMAND_PARAMETERS') setServerErrors(error.fieldErrors());
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerErrors({});
    update.mutate({
      path: { id: patient.id },
      body: {
        name: name.trim(),
        email: email.trim() || null,
        phone: phone || null,
        document: document || null,
        birthDate: birthDate?.toString() ?? null,
        sex: sex === NO_SEX ? null : sex,
        serviceModality: modality,
        tags: [
          ...new Set(
            tags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ],
        notes: notes.trim() || null,
      },
      meta: handled(...HANDLED_CODES),
    });
  }

  return (
    <Card title="Dados do cliente">
      <Form onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Dados do cliente">
        <Stack gap={4}>
          <TextField
            label="Nome"
            name="name"
            isRequired
            maxLength={200}
            value={name}
            onChange={setName}
            errorMessage="Informe o nome."
          />
          <EmailField
            label="E-mail"
            maxLength={updatePatientLimits.email.maxLength}
            name="email"
            value={email}
            onChange={setEmail}
            errorMessage={emailErrorMessage('client')}
          />
          <PhoneField label="Telefone (WhatsApp)" name="phone" value={phone} onChange={setPhone} />
          <DocumentField label="CPF" name="document" value={document} onChange={setDocument} />
          <DatePicker
            label="Data de nascimento"
            name="birthDate"
            value={birthDate}
            onChange={setBirthDate}
            maxValue={todaySP()}
          />
          <Stack direction="row" gap={3} wrap>
            <Select
              label="Sexo"
              name="sex"
              selectedKey={sex}
              onSelectionChange={(k) => setSex(k as PatientSex | typeof NO_SEX)}
            >
              <SelectItem id={NO_SEX}>Não informado</SelectItem>
              {(Object.keys(SEX_LABELS) as PatientSex[]).map((s) => (
                <SelectItem key={s} id={s}>
                  {SEX_LABELS[s]}
                </SelectItem>
              ))}
            </Select>
            <Select
              label="Modalidade"
              name="serviceModality"
              selectedKey={modality}
              onSelectionChange={(k) => setModality(k as ServiceModality)}
            >
              {(Object.keys(MODALITY_LABELS) as ServiceModality[]).map((m) => (
                <SelectItem key={m} id={m}>
                  {MODALITY_LABELS[m]}
                </SelectItem>
              ))}
            </Select>
          </Stack>
          <TextField
            label="Tags"
            name="tags"
            value={tags}
            onChange={setTags}
            validate={(text) => tagsProblem(text)}
            description="Separe por vírgulas, por exemplo: emagrecimento, gestante."
          />
          <TextArea
            label="Observações"
            name="notes"
            maxLength={updatePatientLimits.notes.maxLength}
            value={notes}
            onChange={setNotes}
          />
          <div>
            <Button type="submit" isPending={update.isPending}>
              Salvar alterações
            </Button>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}
