/**
 * The client area in the survey app: the professional's public page, the patient's sign-in and her corner,
 * all in the professional's colours (light or dark). Loaded on demand: a survey link never downloads it.
 */
import { Global } from '@emotion/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { clientAreaToCssVars, resolveClientArea, themes, themeToCssVars } from '@acompanha/ui';
import { MessageScreen } from '../screens/MessageScreen';
import { fetchArea, inlinedArea, savedMode, saveMode, type AreaData } from './data';
import { PublicPage } from './PublicPage';
import type { AreaRoute } from './route';

const PatientCorner = lazy(() => import('./PatientCorner'));

/** The survey's shared screens (messages, buttons) read `--quiz-*`: here they take the area's colours. */
const SCREEN_VARS = {
  '--quiz-active-button-bg': 'var(--client-area-button-bg)',
  '--quiz-active-button-text': 'var(--client-area-button-text)',
  '--quiz-active-button-border': 'var(--client-area-button-bg)',
  '--quiz-inactive-button-bg': 'var(--color-surface)',
  '--quiz-inactive-button-text': 'var(--color-text)',
  '--quiz-inactive-button-border': 'var(--color-border-strong)',
  '--quiz-focus': 'var(--color-focus)',
  '--quiz-body-secondary': 'var(--color-text-muted)',
  '--quiz-danger': 'var(--color-danger)',
  '--quiz-header-bg': 'var(--client-area-color)',
  '--quiz-header-text': 'var(--client-area-on-color)',
  '--quiz-body-filled': 'var(--client-area-color)',
};

export interface AreaAppProps {
  route: AreaRoute;
  /** The page's data when already known (stories); else inlined by the server or asked of the API. */
  initial?: AreaData | null;
}

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; area: AreaData };

function useArea(alias: string, initial: AreaData | null | undefined): Loaded {
  const first = initial !== undefined ? initial : inlinedArea();
  const [loaded, setLoaded] = useState<Loaded>(
    first === undefined ? { state: 'loading' } : first ? { state: 'ready', area: first } : { state: 'missing' },
  );
  useEffect(() => {
    if (loaded.state !== 'loading') return;
    let live = true;
    fetchArea(alias).then(
      (area) => live && setLoaded(area ? { state: 'ready', area } : { state: 'missing' }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [alias, loaded.state]);
  return loaded;
}

export function AreaApp({ route, initial }: AreaAppProps) {
  const loaded = useArea(route.alias, initial);
  const area = loaded.state === 'ready' ? loaded.area : null;
  const [mode, setMode] = useState<'light' | 'dark'>(() => savedMode(route.alias) ?? area?.colorScheme.mode ?? 'light');
  useEffect(() => {
    if (area && !savedMode(route.alias)) setMode(area.colorScheme.mode);
  }, [area, route.alias]);
  const changeMode = (next: 'light' | 'dark') => {
    setMode(next);
    saveMode(route.alias, next);
  };

  const resolved = useMemo(
    () =>
      area
        ? resolveClientArea({ mode, scheme: area.colorScheme.scheme }, area.folder)
        : resolveClientArea({
            mode,
            scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
          }),
    [area, mode],
  );
  const vars = useMemo(
    () => ({
      ':root': { ...themeToCssVars(themes[mode]), ...clientAreaToCssVars(resolved), ...SCREEN_VARS, colorScheme: mode },
      body: { margin: 0, background: 'var(--color-bg)', color: 'var(--color-text)', fontFamily: 'var(--font-sans)' },
    }),
    [mode, resolved],
  );

  let content;
  if (loaded.state === 'loading') content = <MessageScreen icon="busy" title="Abrindo a página…" />;
  else if (loaded.state === 'failed')
    content = (
      <MessageScreen
        icon="offline"
        title="Não foi possível abrir a página"
        action={{ label: 'Tentar de novo', onPress: () => window.location.reload() }}
      >
        <p>Verifique sua internet e tente de novo.</p>
      </MessageScreen>
    );
  else if (!area)
    content = (
      <MessageScreen icon="info" title="Página não encontrada">
        <p>Este endereço não corresponde a nenhuma página. Confira o link que você recebeu do seu profissional.</p>
      </MessageScreen>
    );
  else if (route.screen === 'page')
    content = (
      <PublicPage
        area={area}
        mode={mode}
        onModeChange={changeMode}
        coverImage={area.folder.image ?? area.colorScheme.scheme.image[mode]}
      />
    );
  else
    content = (
      <Suspense fallback={<MessageScreen icon="busy" title="Abrindo…" />}>
        <PatientCorner area={area} screen={route.screen} mode={mode} onModeChange={changeMode} />
      </Suspense>
    );

  return (
    <>
      <Global styles={vars} />
      {content}
    </>
  );
}
