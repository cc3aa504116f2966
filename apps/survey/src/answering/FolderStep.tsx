import { I18nProvider } from 'react-aria-components';
import { FolderScreen } from '@acompanha/ui';
import type { QuizFolder } from '@acompanha/api-client';
import { useFocusHeading } from '../lib/focus';

export interface FolderStepProps {
  folder: QuizFolder | null;
  quizTitle: string;
  onStart: () => void;
}

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const color = (v: string | null | undefined) => (v && HEX_COLOR.test(v.trim()) ? v.trim() : undefined);

/** The quiz's cover, as the portal's preview draws it. */
export default function FolderStep({ folder: f, quizTitle, onStart }: FolderStepProps) {
  const ref = useFocusHeading<HTMLDivElement>('folder');
  const buttonBackground = color(f?.buttonColors?.background);
  return (
    <I18nProvider locale="pt-BR">
      <div ref={ref} css={{ flex: 1, display: 'flex' }}>
        <FolderScreen
          image={f?.image || undefined}
          title={f?.title?.trim() || quizTitle}
          subtitle={f?.subtitle?.trim() || undefined}
          quizTitle={f?.quizTitle?.trim() || undefined}
          titlesColor={color(f?.titlesColor)}
          buttonTitle={f?.buttonTitle?.trim() || undefined}
          buttonColors={
            buttonBackground
              ? { background: buttonBackground, text: color(f?.buttonColors?.text) ?? '#FFFFFF' }
              : undefined
          }
          onStart={onStart}
        />
      </div>
    </I18nProvider>
  );
}
