/**
 * The client area: her settings (`GET`/`PUT /professional/me/area-config`), her alias with the 90-day
 * redirect of the ones she left, and the public page's data (`GET /public/client-area/{alias}`).
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { aliasRedirects, clientAreaConfigs, professionals } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { uniqueViolation } from '../patient/errors.js';
import type { ClientAreaConfigSchema, PublicClientAreaSchema, UpdateClientAreaBody } from './schemas.js';

type ConfigDto = z.infer<typeof ClientAreaConfigSchema>;
type UpdateBody = z.infer<typeof UpdateClientAreaBody>;
type ConfigRow = typeof clientAreaConfigs.$inferSelect;

const DAY_MS = 86_400_000;
/** How long a link she left keeps leading to her page. */
export const REDIRECT_DAYS = 90;

/** Words that name our own pages or could pass for us: nobody's link. */
export const RESERVED_ALIASES = new Set([
  ...['acompanha', 'admin', 'administrador', 'ajuda', 'api', 'app', 'area', 'area-do-cliente', 'assets'],
  ...['auth', 'blog', 'cadastro', 'client-area', 'clientes', 'contato', 'dev', 'docs', 'entrar', 'equipe'],
  ...['favicon', 'help', 'login', 'logout', 'nutricionista', 'oficial', 'p', 'paciente', 'painel', 'portal'],
  ...['privacidade', 'quiz', 'quiz-survey', 'robots', 'root', 'sair', 'seguranca', 'sistema', 'sitemap'],
  ...['static', 'status', 'suporte', 'support', 'survey', 'termos', 'www'],
]);

export const DEFAULT_FOLDER = {
  image: null,
  title: null,
  subtitle: null,
  textsColor: '#FFFFFF',
  buttonColor: '#FFFFFF',
  buttonBackground: '#2563EB',
  buttonText: 'Ir para a área do cliente',
};

/** The design system's defaults (packages/ui/src/theme/clientArea.ts): the brand colour is the cover's. */
export const DEFAULT_COLOR_SCHEME = {
  mode: 'light' as const,
  scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
};

const aliasInUse = () =>
  new AppError(409, 'ALIAS_ALREADY_IN_USE', 'O Link já está em uso. Escolha outro.', [
    { path: ['link'], message: 'O Link já está em uso. Escolha outro.' },
  ]);

type Folder = ConfigDto['folder'];
type ColorScheme = ConfigDto['colorScheme'];

/** The stored folder with the spec's defaults under it. */
function folderOf(row: ConfigRow | undefined): Folder {
  return { ...DEFAULT_FOLDER, ...(row?.folder as Partial<Folder> | undefined) };
}

function colorSchemeOf(row: ConfigRow | undefined): ColorScheme {
  const stored = (row?.colorScheme ?? {}) as { mode?: ColorScheme['mode']; scheme?: Partial<ColorScheme['scheme']> };
  return {
    mode: stored.mode ?? DEFAULT_COLOR_SCHEME.mode,
    scheme: {
      color: { ...DEFAULT_COLOR_SCHEME.scheme.color, ...stored.scheme?.color },
      image: { ...DEFAULT_COLOR_SCHEME.scheme.image, ...stored.scheme?.image },
    },
  };
}

async function readRow(db: Executor, professionalId: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(clientAreaConfigs).where(eq(clientAreaConfigs.professionalId, professionalId));
  return row;
}

export async function getAreaConfig(ctx: AppContext, professionalId: string): Promise<ConfigDto> {
  const [pro] = await ctx.db
    .select({ alias: professionals.alias })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  if (!pro) throw new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');
  const row = await readRow(ctx.db, professionalId);
  const now = ctx.config.now();
  const previous = await ctx.db
    .select({ link: aliasRedirects.alias, until: aliasRedirects.expiresAt })
    .from(aliasRedirects)
    .where(and(eq(aliasRedirects.professionalId, professionalId), gt(aliasRedirects.expiresAt, now)))
    .orderBy(aliasRedirects.expiresAt);
  return {
    link: pro.alias,
    publicUrl: pro.alias ? `${ctx.config.publicUrl}/p/${pro.alias}` : null,
    title: row?.title ?? null,
    brandImage: row?.brandImage ?? null,
    profilePicture: row?.profilePicture ?? null,
    hasDefinedLink: row?.hasDefinedLink ?? true,
    folder: folderOf(row),
    colorScheme: colorSchemeOf(row),
    previousLinks: previous.map((p) => ({ link: p.link, redirectsUntil: p.until.toISOString() })),
  };
}

/**
 * Moves her alias to `next` (null: none). The old one keeps leading to her page for 90 days; an alias that is
 * reserved, another's, or another's old link still redirecting is ALIAS_ALREADY_IN_USE.
 */
async function changeAlias(tx: Executor, professionalId: string, next: string | null, now: Date): Promise<void> {
  const [pro] = await tx
    .select({ alias: professionals.alias })
    .from(professionals)
    .where(eq(professionals.id, professionalId))
    .for('update');
  if (!pro || pro.alias === next) return;
  if (next !== null) {
    if (RESERVED_ALIASES.has(next)) throw aliasInUse();
    const [taken] = await tx
      .select({ by: aliasRedirects.professionalId })
      .from(aliasRedirects)
      .where(and(eq(aliasRedirects.alias, next), gt(aliasRedirects.expiresAt, now)));
    if (taken && taken.by !== professionalId) throw aliasInUse();
    // Expired or her own: the old redirect gives way.
    await tx.delete(aliasRedirects).where(eq(aliasRedirects.alias, next));
  }
  await tx.update(professionals).set({ alias: next, updatedAt: now }).where(eq(professionals.id, professionalId));
  if (pro.alias) {
    const expiresAt = new Date(now.getTime() + REDIRECT_DAYS * DAY_MS);
    await tx
      .insert(aliasRedirects)
      .values({ alias: pro.alias, professionalId, expiresAt, createdAt: now })
      .onConflictDoUpdate({ target: aliasRedirects.alias, set: { professionalId, expiresAt, createdAt: now } });
  }
}

export async function updateAreaConfig(ctx: AppContext, professionalId: string, body: UpdateBody): Promise<ConfigDto> {
  const now = ctx.config.now();
  try {
    await ctx.db.transaction(async (tx) => {
      if (body.link !== undefined) await changeAlias(tx, professionalId, body.link, now);
      const row = await readRow(tx, professionalId);
      const current = colorSchemeOf(row);
      const colorScheme = body.colorScheme && {
        mode: body.colorScheme.mode ?? current.mode,
        scheme: {
          color: { ...current.scheme.color, ...body.colorScheme.scheme?.color },
          image: { ...current.scheme.image, ...body.colorScheme.scheme?.image },
        },
      };
      const set = {
        ...(body.title !== undefined && { title: body.title || null }),
        ...(body.brandImage !== undefined && { brandImage: body.brandImage }),
        ...(body.profilePicture !== undefined && { profilePicture: body.profilePicture }),
        ...(body.hasDefinedLink !== undefined && { hasDefinedLink: body.hasDefinedLink }),
        ...(body.folder && { folder: { ...folderOf(row), ...body.folder } }),
        ...(colorScheme && { colorScheme }),
        updatedAt: now,
      };
      await tx
        .insert(clientAreaConfigs)
        .values({ professionalId, ...set })
        .onConflictDoUpdate({ target: clientAreaConfigs.professionalId, set });
    });
  } catch (err) {
    // Two professionals taking one alias at the same instant: the unique index decides.
    if (uniqueViolation(err) === 'professionals_alias_key') throw aliasInUse();
    throw err;
  }
  return getAreaConfig(ctx, professionalId);
}

const pageNotFound = () => errors.notFound('Página não encontrada.');

/**
 * The public page of `alias` (or of whoever left it less than 90 days ago): who she is and how her page looks.
 * Nothing about any patient; an unpublished page or an unknown alias is the same 404.
 */
export async function publicAreaOf(ctx: AppContext, rawAlias: string): Promise<z.infer<typeof PublicClientAreaSchema>> {
  const alias = rawAlias.trim().toLowerCase();
  const now = ctx.config.now();
  const columns = {
    id: professionals.id,
    alias: professionals.alias,
    name: professionals.name,
    profession: professionals.profession,
    councilRegistration: professionals.councilRegistration,
    avatarUrl: professionals.avatarUrl,
  };
  let [pro] = await ctx.db.select(columns).from(professionals).where(eq(professionals.alias, alias));
  if (!pro) {
    [pro] = await ctx.db
      .select(columns)
      .from(aliasRedirects)
      .innerJoin(professionals, eq(professionals.id, aliasRedirects.professionalId))
      .where(and(eq(aliasRedirects.alias, alias), gt(aliasRedirects.expiresAt, now)));
  }
  if (!pro?.alias) throw pageNotFound();
  const row = await readRow(ctx.db, pro.id);
  if (row && !row.hasDefinedLink) throw pageNotFound();
  return {
    link: pro.alias,
    name: pro.name,
    profession: pro.profession,
    councilRegistration: pro.councilRegistration,
    title: row?.title ?? null,
    brandImage: row?.brandImage ?? null,
    profilePicture: row?.profilePicture ?? pro.avatarUrl,
    folder: folderOf(row),
    colorScheme: colorSchemeOf(row),
  };
}

/** Forgets redirects past their 90 days (the jobs process, daily). */
export async function pruneAliasRedirects(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const gone = await ctx.db
    .delete(aliasRedirects)
    .where(lte(aliasRedirects.expiresAt, now))
    .returning({ alias: aliasRedirects.alias });
  return gone.length;
}
