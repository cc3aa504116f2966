/**
 * The patient's corner of a client area: sign in with her phone or e-mail and a one-time code
 * (`/p/<alias>/entrar`), then her questionnaires waiting for an answer (opened without a second PIN), what she
 * answered and the messages the professional sent her (`/p/<alias>/area`).
 */
import { useEffect, useState } from 'react';
import type { AreaData } from './data';
import { PatientHome } from './PatientHome';
import { PatientSignIn } from './PatientSignIn';
import { areaPath, type AreaScreen } from './route';
import { readPatientSession, writePatientSession, type PatientSession } from './session';

export interface PatientCornerProps {
  area: AreaData;
  screen: Exclude<AreaScreen, 'page'>;
  mode: 'light' | 'dark';
  onModeChange: (mode: 'light' | 'dark') => void;
  /** Where to go (a full page load by default; stories record it). */
  navigate?: (path: string) => void;
}

const go = (path: string) => window.location.assign(path);

export default function PatientCorner({ area, screen, navigate = go }: PatientCornerProps) {
  const [session, setSession] = useState<PatientSession | null>(() => readPatientSession(area.link));
  useEffect(() => {
    document.title = screen === 'login' ? `Entrar — área do cliente de ${area.name}` : `Área do cliente — ${area.name}`;
  }, [screen, area.name]);
  if (screen === 'login' || !session)
    return (
      <PatientSignIn
        area={area}
        expired={screen === 'corner'}
        onSignedIn={(s) => {
          writePatientSession(area.link, s);
          setSession(s);
          navigate(areaPath(area.link, 'corner'));
        }}
      />
    );
  return (
    <PatientHome
      area={area}
      session={session}
      navigate={navigate}
      onSignOut={() => {
        writePatientSession(area.link, null);
        setSession(null);
        navigate(areaPath(area.link));
      }}
    />
  );
}
