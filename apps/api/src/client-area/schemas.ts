/**
 * The client area's shapes (spec: link, title, brandImage, profilePicture, hasDefinedLink, folder {image, title,
 * subtitle, textsColor, buttonColor, buttonBackground, buttonText}, colorScheme {mode, scheme {color, image},
 * each with dark and light values}), the editor's body, and the public page's answer.
 */
import { z } from 'zod';
import { fileLink } from '../lib/file-link.js';
import { hexColor } from '../lib/text.js';

export const ALIAS_MIN = 3;
export const ALIAS_MAX = 40;
/** Lowercase letters, digits and single hyphens, starting and ending with a letter or digit. */
export const ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

export const aliasField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(ALIAS_MIN, `O link deve ter pelo menos ${ALIAS_MIN} caracteres.`)
    .max(ALIAS_MAX, `O link deve ter no máximo ${ALIAS_MAX} caracteres.`)
    .regex(ALIAS_PATTERN, 'Use só letras minúsculas, números e hífens (sem hífen no começo ou no fim).')
    .meta({ description: 'The alias of the public page: lowercase letters, digits and single hyphens.' });

const text = (max: number) => z.string().trim().max(max, `No máximo ${max} caracteres.`);

const ModeValues = <T extends z.ZodType>(value: T) => z.object({ light: value, dark: value });

export const ColorModeSchema = z.enum(['light', 'dark']).meta({ id: 'ClientAreaColorMode' });

export const ClientAreaFolderSchema = z
  .object({
    image: z.string().nullable(),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    textsColor: z.string(),
    buttonColor: z.string(),
    buttonBackground: z.string(),
    buttonText: z.string(),
  })
  .meta({ id: 'ClientAreaFolder', description: 'The cover of the public page.' });

export const ClientAreaColorSchemeSchema = z
  .object({
    mode: ColorModeSchema,
    scheme: z.object({
      color: ModeValues(z.string()).meta({ description: 'The page colour in each mode.' }),
      image: ModeValues(z.string().nullable()).meta({ description: 'A background image in each mode.' }),
    }),
  })
  .meta({ id: 'ClientAreaColorScheme' });

export const ClientAreaConfigSchema = z
  .object({
    link: z.string().nullable().meta({ description: 'Her alias; null until she chooses one.' }),
    publicUrl: z.string().nullable().meta({ description: 'The address of the public page (null without a link).' }),
    title: z.string().nullable(),
    brandImage: z.string().nullable(),
    profilePicture: z.string().nullable(),
    hasDefinedLink: z.boolean().meta({ description: 'Whether the public page is published.' }),
    folder: ClientAreaFolderSchema,
    colorScheme: ClientAreaColorSchemeSchema,
    previousLinks: z
      .array(z.object({ link: z.string(), redirectsUntil: z.iso.datetime() }))
      .meta({ description: 'Links she left that still lead to her page.' }),
  })
  .meta({ id: 'ClientAreaConfig', description: "The professional's client area." });

const FolderBody = z
  .object({
    image: fileLink().nullable(),
    title: text(80).nullable(),
    subtitle: text(160).nullable(),
    textsColor: hexColor(),
    buttonColor: hexColor(),
    buttonBackground: hexColor(),
    buttonText: text(40).min(1, 'Escreva o texto do botão.'),
  })
  .partial()
  .strict();

const ColorSchemeBody = z
  .object({
    mode: ColorModeSchema,
    scheme: z
      .object({
        color: z.object({ light: hexColor(), dark: hexColor() }).partial().strict(),
        image: z.object({ light: fileLink().nullable(), dark: fileLink().nullable() }).partial().strict(),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

export const UpdateClientAreaBody = z
  .object({
    link: aliasField().nullable(),
    title: text(80).nullable(),
    brandImage: fileLink().nullable(),
    profilePicture: fileLink().nullable(),
    hasDefinedLink: z.boolean(),
    folder: FolderBody,
    colorScheme: ColorSchemeBody,
  })
  .partial()
  .strict()
  .meta({ description: 'Only the fields sent change; null clears an optional field (link: unpublished).' });

export const PublicClientAreaSchema = z
  .object({
    link: z.string().meta({ description: 'The current alias (differs from the one asked when that one moved).' }),
    name: z.string(),
    profession: z.string(),
    councilRegistration: z.string().nullable(),
    title: z.string().nullable(),
    brandImage: z.string().nullable(),
    profilePicture: z.string().nullable(),
    folder: ClientAreaFolderSchema,
    colorScheme: ClientAreaColorSchemeSchema,
  })
  .meta({ id: 'PublicClientArea', description: "A professional's public page: nothing about any patient." });

export const AliasParams = z.object({ alias: z.string().max(ALIAS_MAX + 20) });
