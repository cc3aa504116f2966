import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Stack, Text, VisuallyHidden } from '@acompanha/ui';
import { TUTORIAL_STEPS } from './tutorialSteps';

export interface TutorialModalProps {
  /** Her first name, for the welcome. */
  firstName: string;
  /** "Pular tutorial", Escape. */
  onSkip: () => void;
  /** "Ir para o painel" on the last step. */
  onFinish: () => void;
}

/**
 * The first-run tutorial: a few short steps with "Voltar" / "Próximo", "Pular tutorial" on every one and
 * "Ir para o painel" on the last. Mounted only while shown, so it always opens on the first step.
 */
export function TutorialModal({ firstName, onSkip, onFinish }: TutorialModalProps) {
  const [index, setIndex] = useState(0);
  const forward = useRef<HTMLDivElement>(null);
  // "Voltar" is not on the first step: going back there would leave the focus on nothing, so it moves forward.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    forward.current?.querySelector('button')?.focus();
    setRefocus(false);
  }, [refocus]);
  const step = TUTORIAL_STEPS[index]!;
  const total = TUTORIAL_STEPS.length;
  const isLast = index === total - 1;
  const position = `Passo ${index + 1} de ${total}`;
  const title = step.title(firstName);

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onSkip();
      }}
      title={title}
      hasCloseButton={false}
      size="sm"
    >
      <Stack gap={4}>
        <div
          aria-hidden="true"
          data-testid="tutorial-illustration"
          css={{
            display: 'grid',
            placeItems: 'center',
            height: 112,
            borderRadius: 'var(--radius-lg)',
            background: 'var(--color-info-surface)',
            color: 'var(--color-info)',
          }}
        >
          <span
            css={{
              display: 'grid',
              placeItems: 'center',
              width: 72,
              height: 72,
              borderRadius: 'var(--radius-full)',
              background: 'var(--color-surface)',
            }}
          >
            {step.icon}
          </span>
        </div>
        <Text>{step.text}</Text>
        <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
          <Text variant="small" as="p">
            {position}
          </Text>
          <div aria-hidden="true" css={{ display: 'flex', gap: 6 }}>
            {TUTORIAL_STEPS.map((s, i) => (
              <span
                key={s.id}
                data-current={i === index || undefined}
                css={{
                  width: 8,
                  height: 8,
                  borderRadius: 'var(--radius-full)',
                  background: 'var(--color-border)',
                  '&[data-current]': { background: 'var(--color-action-bg)', width: 20 },
                }}
              />
            ))}
          </div>
        </Stack>
        {/* A screen reader hears where she is when "Próximo" or "Voltar" changes the step (the focus stays). */}
        <VisuallyHidden>
          <span role="status">{index === 0 ? '' : `${position}: ${title}`}</span>
        </VisuallyHidden>
        <Stack direction="row" gap={2} justify="space-between" align="center" wrap>
          <Button variant="ghost" onPress={onSkip}>
            Pular tutorial
          </Button>
          <Stack direction="row" gap={2} wrap>
            {index > 0 && (
              <Button
                variant="secondary"
                onPress={() => {
                  setIndex(index - 1);
                  if (index - 1 === 0) setRefocus(true);
                }}
              >
                Voltar
              </Button>
            )}
            {/* One button that changes its words, so the focus stays on it at the last step. */}
            <div ref={forward} css={{ display: 'contents' }}>
              <Button onPress={isLast ? onFinish : () => setIndex(index + 1)}>
                {isLast ? 'Ir para o painel' : 'Próximo'}
              </Button>
            </div>
          </Stack>
        </Stack>
      </Stack>
    </Modal>
  );
}
