import { useQuery } from '@tanstack/react-query';
import { listAppearancesOptions } from '@acompanha/api-client';
import type { QuizAppearanceInput } from '@acompanha/ui';

/**
 * The appearance a client sees on a questionnaire that chose none: the account's default one (the one
 * marked "Padrão"), else Acompanha's own. Previews use it, so they show what the client will see.
 */
export function useAccountAppearance(): { appearance: QuizAppearanceInput | undefined; name: string | null } {
  const { data } = useQuery(listAppearancesOptions());
  const chosen = data?.find((a) => a.isDefault);
  if (!chosen) return { appearance: undefined, name: null };
  return {
    appearance: {
      colorScheme: chosen.colorScheme as QuizAppearanceInput['colorScheme'],
      profilePic: chosen.profilePic,
      subtitle: chosen.subtitle,
      forwardText: chosen.forwardText,
    },
    name: chosen.name,
  };
}
