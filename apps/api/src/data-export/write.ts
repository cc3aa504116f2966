/**
 * Writes one patient's folder of an export into the ZIP, entry after entry, a page of rows at a time:
 *
 * - `resumo.html` — the readable summary (prints well);
 * - `cadastro.json` — registration data and consents;
 * - `respostas.json` / `respostas.csv` — every answer with the questions as she saw them, the review and its notes
 *   (numbers are numbers: JSON numbers, and bare CSV numbers with a decimal comma, as the spreadsheets export them);
 * - `vendas.json`, `agendamentos.json`, `mensagens.json`, `acessos.json` / `acessos.csv`;
 * - `arquivos/…` — the bytes of her uploaded files, from the file store.
 */
import type { Db } from '../db/client.js';
import type { FileStore } from '../file/store.js';
import { CSV_BOM, CSV_SEPARATOR, csvField, type SheetCell } from '../answer-revision/export.js';
import { formatDateTime } from '../answer-revision/render.js';
import { isCompressed, type ZipEntry, type ZipWriter } from './archive.js';
import {
  accessPages,
  answerPages,
  archivedFileName,
  filesOf,
  messagePages,
  registration,
  salesOf,
  schedulesOf,
  type PatientRow,
} from './record.js';
import { answerHtml, cell, LABELS, pageEnd, pageStart, streamedTable, summaryHeader, tableHtml } from './summary.js';

export const CONTENTS = [
  'resumo.html: este resumo, para ler e imprimir',
  'cadastro.json: dados cadastrais e consentimentos',
  'respostas.json e respostas.csv: cada resposta com as perguntas como foram vistas, a revisão e as anotações',
  'vendas.json: vendas e serviços',
  'agendamentos.json: questionários agendados e seus envios',
  'mensagens.json: mensagens trocadas',
  'acessos.json e acessos.csv: quem acessou este registro e quando',
  'arquivos/: os arquivos enviados',
];

const csvLine = (cells: SheetCell[]) => cells.map(csvField).join(CSV_SEPARATOR) + '\r\n';
const dt = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** A JSON array written element by element. */
async function jsonArray<T>(entry: ZipEntry, pages: AsyncIterable<T[]>, each?: (x: T) => void): Promise<void> {
  await entry.write('[');
  let first = true;
  for await (const page of pages) {
    for (const x of page) {
      each?.(x);
      await entry.write(`${first ? '\n' : ',\n'}${JSON.stringify(x, null, 2)}`);
      first = false;
    }
  }
  await entry.write(first ? ']\n' : '\n]\n');
  await entry.end();
}

/** A summary table whose rows come a page at a time. */
async function table<T>(
  html: ZipEntry,
  title: string,
  headers: string[],
  pages: AsyncIterable<T[]>,
  row: (x: T) => string[],
  empty: string,
): Promise<void> {
  await html.write(streamedTable.start(title, headers));
  let count = 0;
  for await (const page of pages) {
    await html.write(streamedTable.rows(page.map(row)));
    count += page.length;
  }
  await html.write(streamedTable.end(count, headers.length, empty));
}

export interface PatientFolder {
  db: Db;
  store: FileStore;
  zip: ZipWriter;
  professionalName: string;
  generatedAt: Date;
}

/** Writes `patient`'s whole record under `prefix` ('' or 'folder/'). */
export async function writePatient(f: PatientFolder, patient: PatientRow, prefix: string): Promise<void> {
  const { db, zip } = f;
  const at = (name: string) => `${prefix}${name}`;
  const reg = registration(patient);
  await zip.file(at('cadastro.json'), `${JSON.stringify(reg, null, 2)}\n`);

  // Her files: those the file store holds as hers, and any an answer names.
  const fileNames = new Map<string, string>();
  await jsonArray(zip.entry(at('respostas.json')), answerPages(db, patient.id), (a) => {
    for (const i of a.itens)
      if (i.valor.type === 'file-upload') for (const file of i.valor.files) fileNames.set(file.key, file.name);
  });

  const csv = zip.entry(at('respostas.csv'));
  await csv.write(
    CSV_BOM +
      csvLine([
        'Questionário',
        'Iniciado em',
        'Concluído em',
        'Revisão',
        'Pergunta',
        'Subpergunta de',
        'Resposta',
        'Número',
        'Unidade',
      ]),
  );
  for await (const page of answerPages(db, patient.id)) {
    for (const a of page)
      for (const i of a.itens)
        await csv.write(
          csvLine([
            a.questionario,
            dt(a.iniciadoEm),
            dt(a.concluidoEm),
            a.revisao ? (LABELS[a.revisao.situacao] ?? '') : '',
            i.pergunta,
            i.subperguntaDe ?? '',
            i.texto,
            i.numero !== null ? { number: i.numero, decimals: i.decimais ?? 0 } : '',
            i.unidade ?? '',
          ]),
        );
  }
  await csv.end();

  const sold = await salesOf(db, patient.id);
  await zip.file(at('vendas.json'), `${JSON.stringify(sold, null, 2)}\n`);
  const schedules = await schedulesOf(db, patient.id);
  await zip.file(at('agendamentos.json'), `${JSON.stringify(schedules, null, 2)}\n`);
  await jsonArray(zip.entry(at('mensagens.json')), messagePages(db, patient.id));
  await jsonArray(zip.entry(at('acessos.json')), accessPages(db, patient.id));
  const accessCsv = zip.entry(at('acessos.csv'));
  await accessCsv.write(CSV_BOM + csvLine(['Quando', 'O que', 'Identificador', 'Resultado', 'Endereço']));
  for await (const page of accessPages(db, patient.id))
    for (const r of page)
      await accessCsv.write(
        csvLine([
          dt(r.em),
          LABELS[r.oQue] ?? r.oQue,
          r.identificador ?? '',
          LABELS[r.resultado] ?? r.resultado,
          r.endereco ?? '',
        ]),
      );
  await accessCsv.end();

  const stored = await filesOf(db, patient.id);
  for (const s of stored) if (!fileNames.has(s.key)) fileNames.set(s.key, s.key.split('_').slice(2).join('_'));
  const copied: { name: string; path: string; found: boolean }[] = [];
  for (const [key, name] of fileNames) {
    const file = await f.store.read(key);
    const path = archivedFileName(key);
    if (file) await zip.stream(at(path), file.stream as AsyncIterable<Uint8Array>, !isCompressed(file.contentType));
    copied.push({ name, path, found: !!file });
  }

  // The summary, last: the same pages read once more.
  const html = zip.entry(at('resumo.html'));
  await html.write(pageStart(`Dados de ${patient.name}`));
  await html.write(summaryHeader(reg, f.professionalName, f.generatedAt, CONTENTS));
  let answers = 0;
  for await (const page of answerPages(db, patient.id)) {
    for (const a of page) await html.write(answerHtml(a));
    answers += page.length;
  }
  if (answers === 0) await html.write('<p class="muted">Nenhum questionário respondido.</p>\n');
  await html.write(
    tableHtml(
      'Vendas e serviços',
      ['Serviço', 'Valor', 'Pagamento', 'Período', 'Situação'],
      sold.map((s) => [
        cell.text(s.servico.nome),
        cell.money(s.valorEmCentavos),
        cell.label(s.formaDePagamento),
        `${cell.day(s.inicio)} a ${cell.day(s.fim)}`,
        cell.label(s.situacao),
      ]),
      'Nenhuma venda registrada.',
    ),
  );
  await html.write(
    tableHtml(
      'Agendamentos',
      ['Questionário', 'Início', 'Periodicidade', 'Canal', 'Envios'],
      schedules.map((s) => [
        cell.text(s.questionario),
        `${cell.day(s.inicio)}, ${s.hora}h`,
        cell.label(s.periodicidade),
        cell.label(s.canal),
        s.envios.map((r) => `${cell.when(r.previstoPara)}: ${cell.label(r.situacao)}`).join('<br>') || '—',
      ]),
      'Nenhum questionário agendado.',
    ),
  );
  await table(
    html,
    'Mensagens',
    ['Quando', 'Direção', 'Canal', 'Mensagem', 'Situação'],
    messagePages(db, patient.id),
    (m) => [
      cell.when(m.criadaEm),
      cell.label(m.direcao),
      cell.label(m.canal),
      `<div class="pre wide">${cell.text(m.texto)}</div>`,
      cell.label(m.situacao),
    ],
    'Nenhuma mensagem.',
  );
  await html.write(
    tableHtml(
      'Arquivos enviados',
      ['Arquivo', 'No pacote'],
      copied.map((c) => [cell.text(c.name), c.found ? cell.link(c.path, c.path) : 'Não encontrado no armazenamento']),
      'Nenhum arquivo enviado.',
    ),
  );
  await table(
    html,
    'Acessos a este registro',
    ['Quando', 'O que', 'Resultado', 'Endereço (rede)'],
    accessPages(db, patient.id),
    (r) => [cell.when(r.em), cell.label(r.oQue), cell.label(r.resultado), cell.text(r.endereco)],
    'Nenhum acesso registrado.',
  );
  await html.write(pageEnd);
  await html.end();
}
