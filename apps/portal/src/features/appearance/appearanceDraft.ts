/** An appearance as the editor holds it: each colour group of the survey, in the professional's words. */
import type { Appearance } from '@acompanha/api-client';
import { defaultQuizAppearance } from '@acompanha/ui';

export type ColorKey =
  'text' | 'background' | 'border' | 'primary' | 'secondary' | 'icon' | 'iconBackground' | 'filled' | 'unfilled';
export type Group = keyof typeof defaultQuizAppearance.colorScheme;

/** Each colour group of the survey, in the professional's words, and the colours it has. */
export const GROUPS: { id: Group; label: string; keys: ColorKey[] }[] = [
  { id: 'header', label: 'Cabeçalho', keys: ['background', 'text', 'secondary', 'icon', 'iconBackground'] },
  { id: 'body', label: 'Fundo e textos', keys: ['background', 'text', 'secondary', 'filled', 'unfilled'] },
  { id: 'activeButton', label: 'Botão ativo', keys: ['background', 'text', 'border'] },
  { id: 'inactiveButton', label: 'Botão inativo', keys: ['background', 'text', 'border'] },
  {
    id: 'activeAlternative',
    label: 'Alternativa escolhida',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground'],
  },
  {
    id: 'inactiveAlternative',
    label: 'Alternativa não escolhida',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground'],
  },
  { id: 'textField', label: 'Campo de texto', keys: ['background', 'text', 'secondary', 'border', 'primary'] },
  {
    id: 'uploadField',
    label: 'Envio de arquivo',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground', 'filled', 'unfilled'],
  },
];

export const KEY_LABELS: Record<ColorKey, string> = {
  text: 'Texto',
  background: 'Fundo',
  border: 'Borda',
  primary: 'Destaque',
  secondary: 'Texto secundário',
  icon: 'Ícone',
  iconBackground: 'Fundo do ícone',
  filled: 'Preenchido',
  unfilled: 'Não preenchido',
};

export interface Draft {
  id: string | null;
  name: string;
  colorScheme: Record<Group, Partial<Record<ColorKey, string>>>;
  profilePic: string | null;
  subtitle: string;
  forwardText: string;
}

export function emptyDraft(): Draft {
  return {
    id: null,
    name: 'Minha aparência',
    colorScheme: structuredClone(defaultQuizAppearance.colorScheme) as Draft['colorScheme'],
    profilePic: null,
    subtitle: defaultQuizAppearance.subtitle,
    forwardText: defaultQuizAppearance.forwardText,
  };
}

export function fromAppearance(a: Appearance): Draft {
  return {
    id: a.id,
    name: a.name,
    colorScheme: structuredClone(a.colorScheme) as Draft['colorScheme'],
    profilePic: a.profilePic,
    subtitle: a.subtitle,
    forwardText: a.forwardText,
  };
}
