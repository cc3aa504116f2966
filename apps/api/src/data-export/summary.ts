/**
 * The readable summary of a patient's export (`resumo.html`) and the index of "Exportar tudo" (`indice.html`):
 * Portuguese, self-contained (no external resource: a CSP meta forbids any), every text escaped, and a print
 * style that keeps each answer on one page where it fits. Written in pieces by write.ts.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { escapeHtml } from '../mail/templates.js';
import { formatDateTime, formatNumber } from '../answer-revision/render.js';
import type { ExportedAnswer, registration } from './record.js';

const e = (v: unknown) => escapeHtml(v === null || v === undefined || v === '' ? '—' : String(v));
/** A phone as Brazilians read it: "(19) 97741-1582" (a foreign one as the international form). */
const phone = (v: string | null) => {
  const parsed = v ? parsePhoneNumberFromString(v) : undefined;
  if (!parsed) return v;
  return parsed.country === 'BR' ? parsed.formatNational() : parsed.formatInternational();
};
/** A CPF with its dots and dash: "505.550.881-70". */
const cpf = (v: string | null) =>
  v && /^\d{11}$/.test(v) ? `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}` : v;
const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '—');
const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');

export const LABELS: Record<string, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  feminino: 'Feminino',
  masculino: 'Masculino',
  outro: 'Outro',
  presencial: 'Presencial',
  online: 'On-line',
  hibrido: 'Híbrido',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  pending: 'Aguardando revisão',
  completed: 'Revisada',
  in_progress: 'Em andamento',
  finished: 'Concluído',
  paid: 'Paga',
  refunded: 'Reembolsada',
  pix: 'Pix',
  cartao: 'Cartão',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  transferencia: 'Transferência',
  once: 'Uma vez',
  days: 'A cada N dias',
  weekly: 'Semanal',
  monthly: 'Mensal',
  scheduled: 'Agendado',
  sent: 'Enviado',
  answered: 'Respondido',
  cancelled: 'Cancelado',
  expired: 'Expirado',
  queued: 'Na fila',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
  ok: 'Permitido',
  refused: 'Recusado',
  answer: 'Resposta',
  review: 'Revisão',
  report: 'Relatório',
  series: 'Evolução',
  answers_export: 'Exportação de respostas',
  patient_export: 'Exportação dos dados',
  file: 'Arquivo',
  access_log: 'Registro de acessos',
  enviada: 'Enviada',
  recebida: 'Recebida',
};
const label = (v: string | null | undefined) => e(v ? (LABELS[v] ?? v) : null);

const STYLE = `
*{box-sizing:border-box}
body{margin:0 auto;max-width:960px;padding:24px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;padding-bottom:4px;border-bottom:2px solid #e5e7eb}
h3{font-size:15px;margin:20px 0 6px}
.muted{color:#4b5563}
table{width:100%;border-collapse:collapse;margin:8px 0}
.scroll{overflow-x:auto}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e5e7eb;overflow-wrap:break-word}
.answer table{table-layout:fixed}.answer td{overflow-wrap:anywhere}
table.dated td:first-child{white-space:nowrap}
.wide{min-width:16em}
th{background:#f9fafb;font-weight:600}
dl{display:grid;grid-template-columns:minmax(120px,220px) 1fr;gap:4px 16px;margin:8px 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.answer{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
.note{background:#f9fafb;border-left:3px solid #6b7280;padding:6px 10px;margin:6px 0;white-space:pre-line}
.pre{white-space:pre-line}
@media print{
  body{max-width:none;padding:0;font-size:11pt}
  h2{break-after:avoid}
  .answer,tr{break-inside:avoid}
  .scroll{overflow:visible}
  a{color:inherit;text-decoration:none}
  @page{margin:16mm}
}`;

/** The page's head (title, no external resource allowed) and its opening. */
export function pageStart(title: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
`;
}
export const pageEnd = '</body></html>\n';

export function summaryHeader(
  reg: ReturnType<typeof registration>,
  professionalName: string,
  generatedAt: Date,
  contents: string[],
): string {
  const c = reg.consentimentos;
  return `<h1>Dados de ${e(reg.nome)}</h1>
<p class="muted">Cópia completa do registro mantido por ${e(professionalName)} no Acompanha, gerada em ${e(formatDateTime(generatedAt))} (horário de Brasília). Pedido com base na LGPD, arts. 18 e 19.</p>
<h2>O que há neste arquivo</h2><ul>${contents.map((x) => `<li>${e(x)}</li>`).join('')}</ul>
<h2>Dados cadastrais</h2><dl>
<dt>Nome</dt><dd>${e(reg.nome)}</dd><dt>E-mail</dt><dd>${e(reg.email)}</dd><dt>Telefone</dt><dd>${e(phone(reg.telefone))}</dd>
<dt>CPF</dt><dd>${e(cpf(reg.cpf))}</dd><dt>Data de nascimento</dt><dd>${e(day(reg.dataDeNascimento))}</dd>
<dt>Sexo</dt><dd>${label(reg.sexo)}</dd><dt>Situação</dt><dd>${label(reg.situacao)}</dd>
<dt>Modalidade</dt><dd>${label(reg.modalidadeDeAtendimento)}</dd><dt>Etiquetas</dt><dd>${e(reg.etiquetas.join(', '))}</dd>
<dt>Observações</dt><dd class="pre">${e(reg.observacoes)}</dd><dt>Cadastrado em</dt><dd>${e(when(reg.cadastradoEm))}</dd>
</dl>
<h2>Consentimentos</h2><dl>
<dt>Canal de contato</dt><dd>${label(c.canalDeContato)}</dd>
<dt>Aceita WhatsApp</dt><dd>${c.aceitaWhatsApp ? 'Sim' : 'Não'}</dd>
<dt>Lembretes</dt><dd>${c.lembretes ? `Sim${c.horaDosLembretes !== null ? `, às ${e(c.horaDosLembretes)}h` : ''}` : 'Não'}</dd>
</dl>
<h2>Respostas aos questionários</h2>
`;
}

/** One answer: the questionnaire, when, each question as she saw it and her answer; the review and its notes. */
export function answerHtml(a: ExportedAnswer): string {
  const rows = a.itens
    .map(
      (i) =>
        `<tr><td>${i.subperguntaDe ? `<span class="muted">${e(i.subperguntaDe)} › </span>` : ''}${e(i.pergunta)}</td><td class="pre">${e(i.texto)}</td></tr>`,
    )
    .join('');
  const review = a.revisao
    ? `<p><strong>Revisão:</strong> ${label(a.revisao.situacao)}${a.revisao.aprovadaEm ? ` em ${e(when(a.revisao.aprovadaEm))}` : ''}</p>${a.revisao.anotacoes
        .map((n) => `<div class="note">${e(n.texto)}<br><span class="muted">${e(when(n.criadaEm))}</span></div>`)
        .join('')}`
    : '';
  return `<section class="answer"><h3>${e(a.questionario)}</h3>
<p class="muted">${label(a.situacao)} · iniciado em ${e(when(a.iniciadoEm))}${a.concluidoEm ? ` · concluído em ${e(when(a.concluidoEm))}` : ''}</p>
<table><thead><tr><th scope="col">Pergunta</th><th scope="col">Resposta</th></tr></thead><tbody>${rows || '<tr><td colspan="2">Nenhuma pergunta respondida.</td></tr>'}</tbody></table>
${review}</section>
`;
}

/** A titled table; `rows` are cells already escaped. */
export function tableHtml(title: string, headers: string[], rows: string[][], empty: string): string {
  const head = headers.map((h) => `<th scope="col">${e(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<h2>${e(title)}</h2>${rows.length ? `<div class="scroll" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` : `<p class="muted">${e(empty)}</p>`}\n`;
}

/** The same table written a page of rows at a time (messages, accesses): its opening, rows, and closing. */
export const streamedTable = {
  start: (title: string, headers: string[]) =>
    `<h2>${e(title)}</h2><div class="scroll" tabindex="0"><table class="dated"><thead><tr>${headers.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>`,
  rows: (rows: string[][]) => rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join(''),
  end: (count: number, columns: number, empty: string) =>
    `${count === 0 ? `<tr><td colspan="${columns}">${e(empty)}</td></tr>` : ''}</tbody></table></div>\n`,
};

export const cell = {
  text: e,
  label,
  when,
  day,
  money: (cents: number) => e(`R$ ${formatNumber(cents / 100, 2)}`),
  link: (href: string, text: string) => `<a href="${escapeHtml(href)}">${e(text)}</a>`,
};

/** "Exportar tudo": the index of every patient's folder. */
export function indexHtml(
  professionalName: string,
  generatedAt: Date,
  patients: { nome: string; pasta: string }[],
): string {
  return `${pageStart('Exportação completa')}<h1>Exportação completa</h1>
<p class="muted">Todos os clientes de ${e(professionalName)} no Acompanha, exportados em ${e(formatDateTime(generatedAt))} (horário de Brasília). Cada cliente tem uma pasta com o resumo (resumo.html), os dados cadastrais e consentimentos, as respostas, as vendas, os agendamentos, as mensagens, os arquivos e o registro de acessos.</p>
${tableHtml(
  'Clientes',
  ['Cliente', 'Pasta'],
  patients.map((p) => [e(p.nome), cell.link(`${p.pasta}/resumo.html`, p.pasta)]),
  'Nenhum cliente cadastrado.',
)}${pageEnd}`;
}
