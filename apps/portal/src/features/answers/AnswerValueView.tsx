import type {
  AnswerValue,
  LikertScaleConfig,
  LinearScaleConfig,
  QuestionConfig,
  QuestionType,
  RevisionFile,
} from '@acompanha/api-client';
import { linkTargetSize } from '@acompanha/ui';
import { formatFileSize, formatNumberBR } from '../../lib/format';

export interface ShownAnswer {
  type: QuestionType;
  config: QuestionConfig;
  value: AnswerValue;
  /** The API's pt-BR text of the answer. */
  display: string;
  files: RevisionFile[];
}

const isImage = (f: RevisionFile) => f.contentType.startsWith('image/') && f.contentType !== 'image/heic';

/** Uploaded files: photos as thumbnails that open in full, other files (PDF, HEIC) as downloads. */
function Files({ files, size }: { files: RevisionFile[]; size: 'md' | 'sm' }) {
  const thumb = size === 'md' ? { width: 144, height: 108 } : { width: 88, height: 66 };
  return (
    <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)' }}>
      {files.map((f) =>
        isImage(f) ? (
          <li key={f.key} css={{ breakInside: 'avoid' }}>
            <a
              href={f.url}
              target="_blank"
              rel="noreferrer"
              aria-label={`Abrir ${f.name} em tamanho real`}
              css={{
                display: 'flex',
                flexDirection: 'column',
                gap: 4,
                color: 'var(--color-link)',
                fontSize: 'var(--font-size-xs)',
                textDecoration: 'none',
                borderRadius: 'var(--radius-md)',
                '&:focus-visible': { outline: '2px solid var(--color-focus)', outlineOffset: 2 },
              }}
            >
              <img
                src={f.url}
                alt={`Foto enviada: ${f.name}`}
                {...thumb}
                loading="lazy"
                css={{
                  objectFit: 'cover',
                  borderRadius: 'var(--radius-md)',
                  border: '1px solid var(--color-border)',
                  background: 'var(--color-surface-muted)',
                }}
              />
              <span css={{ maxWidth: thumb.width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {f.name}
              </span>
            </a>
          </li>
        ) : (
          <li key={f.key} css={{ alignSelf: 'center' }}>
            <a
              href={f.url}
              download={f.name}
              aria-label={`Baixar ${f.name}`}
              css={[linkTargetSize, { color: 'var(--color-link)', fontSize: 'var(--font-size-sm)' }]}
            >
              <span data-print-hide="">Baixar </span>
              {f.name}
            </a>
            <span css={{ color: 'var(--color-text-muted)', fontSize: 'var(--font-size-xs)' }}>
              {' '}
              ({formatFileSize(f.size)})
            </span>
          </li>
        ),
      )}
    </ul>
  );
}

/** One answer as the professional reads it, by question type. */
export function AnswerValueView({ answer, size = 'md' }: { answer: ShownAnswer; size?: 'md' | 'sm' }) {
  const { value, config } = answer;
  switch (value.type) {
    case 'file-upload':
      return answer.files.length ? <Files files={answer.files} size={size} /> : <span>{answer.display}</span>;
    case 'likert-scale': {
      const c = config as LikertScaleConfig;
      const statements = Array.isArray(c.statements) ? c.statements : [];
      const levels = Array.isArray(c.levels) ? c.levels : [];
      if (statements.length === 0) return <span>{answer.display}</span>;
      return (
        <ul css={{ margin: 0, paddingLeft: 'var(--space-4)', display: 'flex', flexDirection: 'column', gap: 2 }}>
          {statements
            .filter((s) => s.id in value.levels)
            .map((s) => (
              <li key={s.id}>
                {s.text.replace(/[.:;\s]+$/, '')}:{' '}
                <strong>{levels.find((l) => l.id === value.levels[s.id])?.label ?? value.levels[s.id]}</strong>
              </li>
            ))}
        </ul>
      );
    }
    case 'linear-scale': {
      const c = config as LinearScaleConfig;
      const end = typeof c.max === 'number' ? ` de ${formatNumberBR(c.max)}` : '';
      const label = value.value === c.min ? c.minLabel : value.value === c.max ? c.maxLabel : undefined;
      return (
        <span>
          <strong>{answer.display}</strong>
          {end}
          {label ? ` (${label})` : ''}
        </span>
      );
    }
    case 'free-field':
      return <span css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.display}</span>;
    default:
      return <strong css={{ fontWeight: 600 }}>{answer.display}</strong>;
  }
}
