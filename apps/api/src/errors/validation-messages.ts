/**
 * The catalogue of sentences a validation refusal can carry: one Portuguese sentence per rule, naming the
 * field and its limit ("Nome: use no máximo 200 caracteres."). Installed as zod's error map (app.ts), so
 * no library default can reach a person; a schema's own message (a phone, a password) still wins.
 *
 * `FIELD_LABELS` names every field of the API's inputs; `apps/api/test/openapi.test.ts` fails when the
 * document gains a field without a label here, and the fuzz test matches every refusal it provokes
 * against `isCatalogueSentence`.
 */
import type { z } from 'zod';
import { DATE_RANGE_PHRASE } from '@acompanha/formats';

/** What a field is called on screen, by its name in the API (query, path, header and body alike). */
export const FIELD_LABELS: Record<string, string> = {
  acceptedTypes: 'Tipos de arquivo aceitos',
  acronym: 'Sigla',
  activeAlternative: 'Alternativa escolhida',
  activeButton: 'Botão ativo',
  addressComplement: 'Complemento',
  addressNumber: 'Número do endereço',
  alias: 'Link',
  allowMultiple: 'Várias respostas',
  alternativeIds: 'Alternativas',
  alternatives: 'Alternativas',
  amountCents: 'Valor',
  answer: 'Resposta',
  answerRequestId: 'Solicitação de resposta',
  appearanceId: 'Aparência',
  archived: 'Arquivadas',
  audience: 'Destinatários',
  avatarUrl: 'Foto',
  background: 'Cor de fundo',
  birthDate: 'Data de nascimento',
  body: 'Texto',
  border: 'Cor da borda',
  brandImage: 'Logotipo',
  buttonBackground: 'Cor de fundo do botão',
  buttonColor: 'Cor do botão',
  buttonColors: 'Cores do botão',
  buttonText: 'Texto do botão',
  buttonTitle: 'Texto do botão',
  card: 'Cartão',
  categoryId: 'Categoria',
  channel: 'Canal',
  chosenQuestions: 'Perguntas escolhidas',
  code: 'Código',
  color: 'Cor',
  colorScheme: 'Esquema de cores',
  config: 'Configuração da pergunta',
  consultations: 'Consultas',
  contact: 'Telefone ou e-mail',
  contentSize: 'Tamanho do arquivo',
  contentType: 'Tipo do arquivo',
  councilRegistration: 'Registro no conselho',
  coupon: 'Cupom',
  cpf: 'CPF',
  currentPassword: 'Senha atual',
  cvv: 'Código de segurança (CVV)',
  dark: 'Modo escuro',
  decimals: 'Casas decimais',
  deliveryId: 'Entrega',
  description: 'Descrição',
  document: 'CPF ou CNPJ',
  draft: 'Rascunho',
  email: 'E-mail',
  enabled: 'Ativo',
  end: 'Fim',
  endDate: 'Data de término',
  events: 'Eventos',
  exp: 'Validade do link',
  expiryMonth: 'Mês de validade',
  expiryYear: 'Ano de validade',
  files: 'Arquivos',
  filled: 'Cor preenchida',
  finish: 'Enviar respostas',
  folder: 'Capa',
  format: 'Formato',
  forwardText: 'Texto do botão de avançar',
  from: 'Início do período',
  granularity: 'Agrupamento',
  hasDefinedLink: 'Link definido',
  header: 'Cabeçalho',
  holder: 'Titular',
  holderName: 'Nome do titular',
  hour: 'Horário',
  'hub.challenge': 'Desafio do WhatsApp',
  'hub.mode': 'Modo do WhatsApp',
  'hub.verify_token': 'Token de verificação do WhatsApp',
  icon: 'Cor do ícone',
  iconBackground: 'Fundo do ícone',
  iconId: 'Ícone',
  id: 'Identificador',
  'idempotency-key': 'Chave de idempotência',
  idempotencyKey: 'Chave de idempotência',
  ids: 'Clientes',
  image: 'Imagem',
  inApp: 'No portal',
  inactiveAlternative: 'Alternativa não escolhida',
  inactiveButton: 'Botão inativo',
  includeDrafts: 'Incluir rascunhos',
  index: 'Posição',
  intervalDays: 'Intervalo em dias',
  isMarkedAsArchived: 'Arquivada',
  isMarkedAsRead: 'Lida',
  jobId: 'Exportação',
  key: 'Arquivo',
  kind: 'Tipo',
  label: 'Rótulo',
  levels: 'Níveis',
  light: 'Modo claro',
  link: 'Link',
  max: 'Máximo',
  maxLabel: 'Rótulo do máximo',
  maxLength: 'Tamanho máximo',
  maxSizeMb: 'Tamanho máximo (MB)',
  min: 'Mínimo',
  minLabel: 'Rótulo do mínimo',
  modality: 'Modalidade',
  mode: 'Modo',
  multiline: 'Várias linhas',
  name: 'Nome',
  nameTerm: 'Busca por nome',
  newPassword: 'Nova senha',
  note: 'Nota',
  noteId: 'Nota',
  notes: 'Observações',
  notificationId: 'Notificação',
  number: 'Número do cartão',
  order: 'Ordem',
  origin: 'Origem',
  outcome: 'Resultado',
  parentQuestionId: 'Pergunta principal',
  password: 'Senha',
  patientId: 'Cliente',
  patientIds: 'Clientes',
  paymentMethod: 'Forma de pagamento',
  periodEnd: 'Fim do período',
  periodStart: 'Início do período',
  periodicity: 'Frequência',
  phone: 'Telefone',
  pin: 'PIN',
  plan: 'Plano',
  postalCode: 'CEP',
  preferences: 'Preferências',
  priceCents: 'Preço',
  primary: 'Cor principal',
  profession: 'Profissão',
  profilePic: 'Foto de perfil',
  profilePicture: 'Foto de perfil',
  questionId: 'Pergunta',
  quietHours: 'Horário de silêncio',
  quizAnswerId: 'Resposta',
  quizId: 'Questionário',
  quizScheduleId: 'Agendamento',
  quizTitle: 'Título do questionário',
  reason: 'Motivo',
  reminderHour: 'Horário do lembrete',
  reminders: 'Lembretes',
  replace: 'Substituir resposta',
  richPayload: 'Respostas no webhook',
  richPurpose: 'Finalidade das respostas',
  scheduleId: 'Agendamento',
  schedules: 'Agendamentos',
  scheme: 'Esquema de cores',
  search: 'Busca',
  secondary: 'Cor secundária',
  sendAt: 'Data e hora do envio',
  serviceId: 'Serviço',
  serviceModality: 'Modalidade',
  sex: 'Sexo',
  sig: 'Assinatura do link',
  size: 'Tamanho',
  skip: 'Início da página',
  soldAt: 'Data da venda',
  start: 'Início',
  startDate: 'Data de início',
  startsAt: 'Início do serviço',
  statements: 'Afirmações',
  status: 'Situação',
  subQuestionIds: 'Perguntas complementares',
  subquestions: 'Perguntas complementares',
  subtitle: 'Subtítulo',
  tags: 'Etiquetas',
  take: 'Itens por página',
  template: 'Modelo de mensagem',
  templateMessage: 'Mensagem do envio',
  text: 'Texto',
  textField: 'Campo de texto',
  textsColor: 'Cor dos textos',
  title: 'Título',
  titlesColor: 'Cor dos títulos',
  to: 'Fim do período',
  token: 'Token',
  type: 'Tipo',
  unfilled: 'Cor não preenchida',
  unit: 'Unidade',
  unreadOnly: 'Só não lidas',
  uploadField: 'Campo de arquivo',
  url: 'Endereço (URL)',
  validityDays: 'Validade em dias',
  value: 'Valor',
  weekdays: 'Dias da semana',
  whatsapp: 'WhatsApp',
};

/** Where a name means something else inside its parent (`parent.name`): an appearance's colour groups. */
const COLOUR_GROUPS = [
  'activeAlternative',
  'activeButton',
  'body',
  'header',
  'inactiveAlternative',
  'inactiveButton',
  'textField',
  'uploadField',
];
const QUALIFIED_LABELS: Record<string, string> = {
  'colorScheme.body': 'Corpo',
  ...Object.fromEntries(COLOUR_GROUPS.map((g) => [`${g}.text`, 'Cor do texto'])),
};

/** The label of the field at `path`, with the item's position when it sits in a list ("Alternativas (item 3)"). */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const names: string[] = [];
  let index: number | undefined;
  for (let i = path.length - 1; i >= 0 && names.length < 2; i--) {
    const seg = path[i];
    if (typeof seg === 'number') index ??= names.length === 0 ? seg : undefined;
    else if (typeof seg === 'string' && /^\d+$/.test(seg)) index ??= names.length === 0 ? Number(seg) : undefined;
    else if (typeof seg === 'string') names.push(seg);
  }
  const [name, parent] = names;
  const label =
    name === undefined
      ? 'Conteúdo enviado'
      : ((parent ? QUALIFIED_LABELS[`${parent}.${name}`] : undefined) ?? FIELD_LABELS[name] ?? name);
  return index === undefined ? label : `${label} (item ${index + 1})`;
}

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 10 });
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A limit as people read it: money for fields in cents, a pt-BR number otherwise. */
function amount(value: number | bigint, path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p));
  return typeof name === 'string' && name.endsWith('Cents') ? money.format(Number(value) / 100) : count.format(value);
}

const FORMAT_RULES: Record<string, string> = {
  email: 'informe um e-mail válido, como nome@exemplo.com.',
  uuid: 'identificador inválido.',
  guid: 'identificador inválido.',
  datetime: `use data e hora no formato AAAA-MM-DDTHH:MM:SS com o fuso (ex. 2026-11-27T14:30:00-03:00), ${DATE_RANGE_PHRASE}.`,
  date: `use uma data no formato AAAA-MM-DD, ${DATE_RANGE_PHRASE}.`,
  time: 'use um horário no formato HH:MM.',
  url: 'informe um endereço completo, como https://exemplo.com/webhook.',
  base64: 'conteúdo em base64 inválido.',
  base64url: 'conteúdo em base64url inválido.',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
  date: 'uma data',
  null: 'nulo',
};

/** The sentence for one zod issue: "<field>: <what to do>." */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  const label = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${label}: campo obrigatório.`;
      return `${label}: envie ${TYPE_NAMES[issue.expected] ?? 'um valor válido'}.`;
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `${label}: use no máximo ${count.format(max)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label}: no máximo ${count.format(max)} ${Number(max) === 1 ? 'item' : 'itens'}.`;
      return issue.inclusive === false
        ? `${label}: informe um valor menor que ${amount(max, path)}.`
        : `${label}: informe um valor até ${amount(max, path)}.`;
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1
          ? `${label}: preencha este campo.`
          : `${label}: use pelo menos ${count.format(min)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(min) <= 1
          ? `${label}: escolha pelo menos um item.`
          : `${label}: escolha pelo menos ${count.format(min)} itens.`;
      if (Number(min) === 0 && issue.inclusive !== false) return `${label}: não pode ser negativo.`;
      return issue.inclusive === false
        ? `${label}: informe um valor maior que ${amount(min, path)}.`
        : `${label}: informe um valor a partir de ${amount(min, path)}.`;
    }
    case 'invalid_format': {
      const rule = FORMAT_RULES[issue.format];
      return rule ? `${label}: ${rule}` : `${label}: formato inválido.`;
    }
    case 'not_multiple_of':
      return `${label}: use um múltiplo de ${count.format(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Campo não reconhecido: ${issue.keys[0]}.`
        : `Campos não reconhecidos: ${issue.keys.join(', ')}.`;
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      if (values.length === 1) return `${label}: use o valor ${values[0]}.`;
      return `${label}: use um destes valores: ${values.join(', ')}.`;
    }
    case 'invalid_union':
      return `${label}: valor inválido para este campo.`;
    case 'invalid_key':
      return `${label}: chave inválida.`;
    case 'invalid_element':
      return `${label}: item inválido.`;
    default:
      return `${label}: valor inválido.`;
  }
}

/**
 * Every sentence `describeIssue` can write, as patterns (a label, then a rule), for the tests that check
 * no refusal carries a library's text.
 */
const RULE_PATTERNS: RegExp[] = [
  /^campo obrigatório\.$/,
  /^envie (um texto|um número|um número inteiro|verdadeiro ou falso|uma lista|um objeto|uma data|nulo|um valor válido)\.$/,
  /^use no máximo [\d.]+ caracteres\.$/,
  /^no máximo [\d.]+ (item|itens)\.$/,
  /^informe um valor (menor que|até|maior que|a partir de) .+\.$/,
  /^preencha este campo\.$/,
  /^use pelo menos [\d.]+ caracteres\.$/,
  /^escolha pelo menos (um item|[\d.]+ itens)\.$/,
  /^não pode ser negativo\.$/,
  /^formato inválido\.$/,
  /^use um múltiplo de .+\.$/,
  /^use (o valor|um destes valores:) .+\.$/,
  /^valor inválido para este campo\.$/,
  /^chave inválida\.$/,
  /^item inválido\.$/,
  /^valor inválido\.$/,
  // lib/input-guard.ts
  /^caracteres de controle não são permitidos\.$/,
  /^não aceita quebras de linha nem tabulação\.$/,
  ...Object.values(FORMAT_RULES).map((rule) => new RegExp(`^${rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)),
];

/** Is `message` one of the catalogue's sentences? */
export function isCatalogueSentence(message: string): boolean {
  if (/^Campos? não reconhecidos?: .+\.$/.test(message)) return true;
  const cut = message.indexOf(': ');
  if (cut < 0) return false;
  const rule = message.slice(cut + 2);
  return RULE_PATTERNS.some((p) => p.test(rule));
}
