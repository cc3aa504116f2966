// Visual regression of the themed UI: each test draws a 390 × 844 screen with Inter loaded and
// compares it with the reference PNG in __screenshots__/themed.visual.test.tsx/.
// Update the references (and look at them) with `pnpm vitest run --project visual --update`.
import { afterEach, describe, test } from 'vitest';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Card } from '../Card';
import { InlineAlert } from '../InlineAlert';
import { Stack } from '../Stack';
import { ClientAreaFolder } from '../Survey/ClientAreaFolder';
import { MultipleChoiceAnswer } from '../Survey/MultipleChoiceAnswer';
import { QuestionFrame } from '../Survey/QuestionFrame';
import { TextField } from '../TextField';
import { ClientAreaThemeProvider } from '../theme/ClientAreaThemeProvider';
import { QuizAppearanceProvider } from '../theme/QuizAppearanceProvider';
import type { ClientAreaScheme } from '../theme/clientArea';
import type { QuizAppearanceInput } from '../theme/quizAppearance';
import { cleanup, expectScreenToMatch, renderThemed, Screen } from './visualHelpers';

afterEach(cleanup);

/** A question screen: header, progress, a single choice with "Bom" selected, forward/back. */
function SleepQuestion({ appearance }: { appearance?: QuizAppearanceInput }) {
  return (
    <Screen>
      <QuizAppearanceProvider appearance={appearance} css={{ flex: 1, display: 'flex' }}>
        <QuestionFrame
          professionalName="Ana Paula Ribeiro"
          title="Como você avalia o seu sono?"
          description="Pense nos últimos 7 dias."
          current={3}
          total={10}
          onForward={() => {}}
          onBack={() => {}}
        >
          <MultipleChoiceAnswer
            label="Como você avalia o seu sono?"
            alternatives={[
              { id: 'ruim', label: 'Ruim' },
              { id: 'regular', label: 'Regular' },
              { id: 'bom', label: 'Bom' },
              { id: 'otimo', label: 'Ótimo' },
            ]}
            value={['bom']}
            onChange={() => {}}
          />
        </QuestionFrame>
      </QuizAppearanceProvider>
    </Screen>
  );
}

/** Green header and body accents, orange forward button and selected alternative. */
const greenOrangeAppearance: QuizAppearanceInput = {
  colorScheme: {
    header: {
      background: '#166534',
      text: '#FFFFFF',
      secondary: '#DCFCE7',
      icon: '#166534',
      iconBackground: '#FFFFFF',
    },
    body: { background: '#F0FDF4', text: '#052E16', secondary: '#166534', filled: '#C2410C', unfilled: '#BBF7D0' },
    activeButton: { background: '#C2410C', text: '#FFFFFF', border: '#C2410C' },
    inactiveButton: { background: '#FFFFFF', text: '#166534', border: '#166534' },
    activeAlternative: {
      background: '#FFEDD5',
      text: '#431407',
      border: '#C2410C',
      iconBackground: '#C2410C',
      icon: '#FFFFFF',
    },
    inactiveAlternative: { background: '#FFFFFF', text: '#052E16', border: '#86EFAC' },
  },
  subtitle: 'Nutricionista esportiva',
  forwardText: 'Continuar',
};

/** Dark client area with a violet brand colour and an amber cover button. */
const violetDarkScheme: ClientAreaScheme = {
  mode: 'dark',
  scheme: { color: { light: '#7C3AED', dark: '#4C1D95' }, image: { light: null, dark: null } },
};

describe('themed UI', () => {
  test('default light: question with a selected alternative', async () => {
    await renderThemed(<SleepQuestion />);
    await expectScreenToMatch('default-light-question');
  });

  test('dark mode: portal card with field, button, badge and alert', async () => {
    await renderThemed(
      <Screen padded>
        <Card title="Maria Souza" description="Paciente desde 03/2024" footer={<Button>Salvar alterações</Button>}>
          <Stack gap={4}>
            <Stack direction="row" gap={2} wrap>
              <Badge tone="success">Ativa</Badge>
              <Badge tone="warning">Questionário pendente</Badge>
              <Badge>Plano mensal</Badge>
            </Stack>
            <TextField
              label="E-mail"
              defaultValue="maria.souza@exemplo.com.br"
              description="Usado para enviar os questionários."
            />
            <InlineAlert tone="info" title="Próxima consulta">
              12/08/2025 às 14:00, por vídeo.
            </InlineAlert>
          </Stack>
        </Card>
      </Screen>,
      { mode: 'dark' },
    );
    await expectScreenToMatch('dark-portal-card');
  });

  test('custom quiz appearance: green header, orange active button', async () => {
    await renderThemed(<SleepQuestion appearance={greenOrangeAppearance} />);
    await expectScreenToMatch('custom-quiz-appearance');
  });

  test('custom client-area scheme: dark mode, violet cover', async () => {
    await renderThemed(
      <ClientAreaThemeProvider
        scheme={violetDarkScheme}
        folder={{ buttonBackground: '#FBBF24', buttonColor: '#1C1917', buttonText: 'Acessar minha área' }}
      >
        <Screen>
          <div css={{ height: 460, flex: 'none' }}>
            <ClientAreaFolder title="Ana Paula Ribeiro" subtitle="Nutricionista · CRN-3 12345" onEnter={() => {}} />
          </div>
          <div css={{ padding: 'var(--space-4)' }}>
            <Card title="Próxima consulta" description="12/08/2025 às 14:00">
              <Button>Confirmar presença</Button>
            </Card>
          </div>
        </Screen>
      </ClientAreaThemeProvider>,
    );
    await expectScreenToMatch('client-area-dark-custom');
  });
});
