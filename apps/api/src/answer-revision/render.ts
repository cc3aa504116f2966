/** Answers as Brazilian Portuguese text (review screen, print page, CSV/XLSX export). Pure functions. */
import { SAO_PAULO } from '../lib/dates.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';

type Config = Record<string, unknown>;

const numberFormats = new Map<number, Intl.NumberFormat>();

/** 64.3 → "64,3" (with `decimals` digits after the comma; thousands with a dot). */
export function formatNumber(value: number, decimals: number): string {
  const d = Math.max(0, Math.min(6, Math.trunc(decimals)));
  let f = numberFormats.get(d);
  if (!f)
    numberFormats.set(d, (f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: d, maximumFractionDigits: d })));
  return f.format(value);
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "dd/MM/yyyy HH:mm" in São Paulo time. */
export function formatDateTime(instant: Date): string {
  const p = Object.fromEntries(dateTimeFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

function labelsById(list: unknown, text: 'label' | 'text'): Map<string, string> {
  if (!Array.isArray(list)) return new Map();
  return new Map(
    list
      .filter(
        (x): x is Record<string, unknown> =>
          !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string',
      )
      .map((x) => [x.id as string, String(x[text] ?? x.id)]),
  );
}

export interface FileLike {
  key: string;
  name: string;
}

/** The answer as one line of pt-BR text. `fileUrl` gives the download address of an uploaded file. */
export function renderValue(value: AnswerValue, config: unknown, fileUrl: (key: string) => string): string {
  const c = (config ?? {}) as Config;
  switch (value.type) {
    case 'multiple-choice': {
      const labels = labelsById(c.alternatives, 'label');
      return value.alternativeIds.map((id) => labels.get(id) ?? id).join('; ');
    }
    case 'linear-scale':
      return formatNumber(value.value, 0);
    case 'likert-scale': {
      const levels = labelsById(c.levels, 'label');
      const statements = Array.isArray(c.statements) ? (c.statements as { id: string; text?: string }[]) : [];
      const known = new Set(statements.map((s) => s.id));
      const parts = statements
        .filter((s) => s.id in value.levels)
        .map(
          (s) =>
            `${(s.text ?? s.id).replace(/[.:;\s]+$/, '')}: ${levels.get(value.levels[s.id]!) ?? value.levels[s.id]}`,
        );
      for (const [sid, lid] of Object.entries(value.levels))
        if (!known.has(sid)) parts.push(`${sid}: ${levels.get(lid) ?? lid}`);
      return parts.join('; ');
    }
    case 'free-field':
      return value.text;
    case 'file-upload':
      return value.files.map((f) => `${f.name} (${fileUrl(f.key)})`).join('; ');
    case 'metrics': {
      const unit = typeof c.unit === 'string' ? c.unit.trim() : '';
      const text = formatNumber(value.value, Number(c.decimals ?? 0));
      return unit ? `${text} ${unit}` : text;
    }
  }
}

/** A canonical form of a value, to tell whether two answers differ (order of multiple choices ignored). */
export function canonicalValue(value: AnswerValue): string {
  switch (value.type) {
    case 'multiple-choice':
      return JSON.stringify([value.type, [...value.alternativeIds].sort()]);
    case 'likert-scale':
      return JSON.stringify([
        value.type,
        Object.entries(value.levels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ]);
    case 'file-upload':
      return JSON.stringify([value.type, value.files.map((f) => f.key).sort()]);
    case 'free-field':
      return JSON.stringify([value.type, value.text]);
    default:
      return JSON.stringify([value.type, value.value]);
  }
}

/** The number a metric or scale answer stands for in a chart; null for the other types. */
export function numericValue(value: AnswerValue, config: unknown): number | null {
  const c = (config ?? {}) as Config;
  switch (value.type) {
    case 'metrics':
    case 'linear-scale':
      return Number.isFinite(value.value) ? value.value : null;
    case 'likert-scale': {
      const order = Array.isArray(c.levels) ? (c.levels as { id: string }[]).map((l) => l.id) : [];
      const positions = Object.values(value.levels)
        .map((lid) => order.indexOf(lid) + 1)
        .filter((p) => p > 0);
      if (positions.length === 0) return null;
      return Math.round((positions.reduce((a, b) => a + b, 0) / positions.length) * 100) / 100;
    }
    default:
      return null;
  }
}
