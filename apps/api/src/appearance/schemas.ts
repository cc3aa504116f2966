import { z } from 'zod';
import { fileLink } from '../lib/file-link.js';
import { hexColor } from '../lib/text.js';

export const COLOR_KEYS = [
  'text',
  'background',
  'border',
  'primary',
  'secondary',
  'icon',
  'iconBackground',
  'filled',
  'unfilled',
] as const;
export const COLOR_GROUPS = [
  'activeButton',
  'body',
  'header',
  'inactiveButton',
  'textField',
  'uploadField',
  'activeAlternative',
  'inactiveAlternative',
] as const;

export const AppearanceColorsSchema = z
  .strictObject(
    Object.fromEntries(COLOR_KEYS.map((k) => [k, hexColor().optional()])) as Record<
      (typeof COLOR_KEYS)[number],
      z.ZodOptional<ReturnType<typeof hexColor>>
    >,
  )
  .meta({ id: 'AppearanceColors', description: 'Hex colours of one group (each optional).' });

export const ColorSchemeSchema = z
  .strictObject(
    Object.fromEntries(COLOR_GROUPS.map((g) => [g, AppearanceColorsSchema])) as Record<
      (typeof COLOR_GROUPS)[number],
      typeof AppearanceColorsSchema
    >,
  )
  .meta({ id: 'ColorScheme', description: 'Every colour group of the survey, merged over the built-in defaults.' });

export type ColorScheme = z.infer<typeof ColorSchemeSchema>;

/** Built-in defaults (primary #030712), used for missing colours and when a professional has no appearance. */
export const DEFAULT_COLOR_SCHEME: ColorScheme = {
  activeButton: { background: '#030712', text: '#FFFFFF' },
  body: {
    background: '#FFFFFF',
    text: '#030712',
    primary: '#030712',
    secondary: '#6B7280',
    filled: '#030712',
    unfilled: '#E5E7EB',
  },
  header: { background: '#FFFFFF', text: '#030712', icon: '#030712', iconBackground: '#F3F4F6' },
  inactiveButton: { background: '#E5E7EB', text: '#6B7280' },
  textField: { background: '#FFFFFF', text: '#030712', border: '#D1D5DB' },
  uploadField: { background: '#F9FAFB', text: '#030712', border: '#D1D5DB', icon: '#030712' },
  activeAlternative: { background: '#030712', text: '#FFFFFF', border: '#030712', filled: '#030712' },
  inactiveAlternative: { background: '#FFFFFF', text: '#030712', border: '#D1D5DB', unfilled: '#D1D5DB' },
};
export const DEFAULT_SUBTITLE = 'Nutricionista';
export const DEFAULT_FORWARD_TEXT = 'Prosseguir';

const appearanceFields = {
  name: z.string(),
  colorScheme: ColorSchemeSchema,
  profilePic: z.string().nullable(),
  subtitle: z.string(),
  forwardText: z.string(),
};

export const AppearanceSchema = z
  .object({
    id: z.uuid(),
    ...appearanceFields,
    isDefault: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    id: 'Appearance',
    description: 'A quiz appearance. Exactly one of the professional’s appearances is the default.',
  });

export const ResolvedAppearanceSchema = z
  .object({
    id: z.uuid().nullable().meta({ description: 'null: the built-in default (the professional has no appearance).' }),
    ...appearanceFields,
  })
  .meta({
    id: 'ResolvedAppearance',
    description: "The appearance a quiz renders with: its own, else the professional's default, else built-in.",
  });

export const AppearanceListSchema = z.array(AppearanceSchema).meta({ id: 'AppearanceList' });

const PartialColorScheme = z
  .strictObject(
    Object.fromEntries(COLOR_GROUPS.map((g) => [g, AppearanceColorsSchema.optional()])) as Record<
      (typeof COLOR_GROUPS)[number],
      z.ZodOptional<typeof AppearanceColorsSchema>
    >,
  )
  .meta({ description: 'Groups to set; missing groups/colours take the built-in defaults.' });

export const CreateAppearanceBody = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome.').max(80),
    colorScheme: PartialColorScheme.optional(),
    profilePic: fileLink().nullable().optional(),
    subtitle: z.string().trim().min(1).max(80).optional(),
    forwardText: z.string().trim().min(1).max(40).optional(),
  })
  .strict();

export const UpdateAppearanceBody = CreateAppearanceBody.partial().strict();

export const IdParams = z.object({ id: z.uuid() });
