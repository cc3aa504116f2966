import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { Button, Modal, Text } from '@acompanha/ui';

/**
 * While `isDirty`, leaving for another address is held (the returned blocker asks first) and closing the
 * tab warns. The blocker reads refs: right after a save, the navigation to the new address must pass
 * even before React has re-rendered with the saved state; `leavingRef` lets one navigation through.
 */
export function useUnsavedChangesGuard(isDirty: boolean, leavingRef?: RefObject<boolean>): Blocker {
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !leavingRef?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

/** "Sair sem salvar?" while the guard holds a navigation: stay, or leave and lose the changes. */
export function LeaveWithoutSavingDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  return (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Sair sem salvar?"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={() => blocker.reset?.()}>
            Continuar editando
          </Button>
          <Button variant="danger" onPress={() => blocker.proceed?.()}>
            Sair sem salvar
          </Button>
        </>
      }
    >
      <Text>{`As alterações ${what} ainda não foram salvas e serão perdidas.`}</Text>
    </Modal>
  );
}
