import { useEffect, useState } from 'react';
import type { SurveyBrand } from '@acompanha/api-client';
import { QuizAppearanceProvider } from '@acompanha/ui';
import { LAST_BRAND, readBrand } from './lib/storage';
import { MessageScreen } from './screens/MessageScreen';
import { ProfessionalHeader } from './screens/ProfessionalHeader';
import { mainStyles, pageStyles } from './screens/styles';

const reload = () => window.location.reload();

/**
 * A survey link the network could not give, answered by the service worker with the app's shell (sw.js): the
 * professional's look as kept from an earlier visit (this link's, else the last one seen on this phone; the default
 * look when none), the sentence that says why, and the questionnaire as soon as the connection returns (the page
 * loads again, from the network). The default export: mount.tsx loads it with `lazy`.
 */
export default function OfflineShell({ quizScheduleId }: { quizScheduleId: string | null }) {
  const [brand] = useState(
    () => (quizScheduleId ? readBrand<SurveyBrand>(quizScheduleId) : null) ?? readBrand<SurveyBrand>(LAST_BRAND),
  );
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <QuizAppearanceProvider
      appearance={
        brand
          ? {
              colorScheme: brand.colorScheme,
              profilePic: brand.profilePic,
              subtitle: brand.subtitle,
              forwardText: brand.forwardText,
            }
          : undefined
      }
      css={pageStyles}
    >
      {brand && (
        <ProfessionalHeader
          professional={{ name: brand.professionalName, subtitle: brand.subtitle, profilePic: brand.profilePic }}
        />
      )}
      <main css={mainStyles}>
        <MessageScreen icon="offline" title="Sem conexão" action={{ label: 'Tentar de novo', onPress: reload }}>
          <p>Você está sem conexão; o questionário abre assim que a internet voltar.</p>
        </MessageScreen>
      </main>
    </QuizAppearanceProvider>
  );
}
