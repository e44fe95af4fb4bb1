import { z } from 'zod';
import { languages } from '../languages';
import { limits } from '../limits';
import { pagePatterns } from '../paths';

/**
 * First path segments that belong to fixed pages (and the API): a user with one of these
 * names could not reach their dashboard at `/{userName}`.
 */
const reservedNames = new Set(
  [...Object.values(pagePatterns), '/api']
    .map((pattern) => pattern.split('/')[1] ?? '')
    .filter((segment) => segment && !segment.startsWith(':'))
    .map((segment) => segment.toLowerCase()),
);

/** The reserved names as the OpenAPI document says them: any case (a pattern has no flags), spaces around allowed. */
const reservedNamePattern = `^\\s*(${[...reservedNames]
  .map((name) => [...name].map((char) => (/[a-z]/.test(char) ? `[${char}${char.toUpperCase()}]` : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join(''))
  .join('|')})\\s*$`;

export const isReservedUserName = (name: string) => reservedNames.has(name.trim().toLowerCase());

/**
 * The name a new account starts with: the part of the e-mail before the `@`. A name that
 * is also a page's path (say `admin@…` or `contact@…`) gets a suffix so that the user's
 * dashboard link stays theirs.
 */
export function deriveUserName(email: string): string {
  const local = (email.split('@')[0] ?? '').trim().slice(0, limits.userNameMax - 5) || 'user';
  return isReservedUserName(local) ? `${local}-user` : local;
}

/** Profile fields, shared by the "Mis Datos" form and `PATCH /api/users/me`. Messages are field-error keys (`validation.<name>`). */
export const profileNameField = z
  .string()
  .trim()
  .min(1, 'validation.nameRequired')
  .max(limits.userNameMax, 'validation.nameTooLong')
  .refine((name) => !isReservedUserName(name), 'validation.nameReserved')
  .meta({ not: { pattern: reservedNamePattern }, description: `Not a page's name (${[...reservedNames].join(', ')}), in any case, with or without spaces around` });

/** A picture is a link the browser loads: http or https only (never `javascript:` or `data:`), or empty for none. */
const profileImagePattern = '^\\s*([hH][tT][tT][pP][sS]?://\\S+)?\\s*$';

export const profileImageField = z
  .string()
  .trim()
  .max(2048, 'validation.imageUrl')
  // The OpenAPI document's pattern is the rule itself: what it lets through, the server takes.
  .refine((value) => new RegExp(profileImagePattern).test(value), 'validation.imageUrl')
  .meta({ pattern: profileImagePattern, description: 'An http(s) URL, or empty for none' });

/** A few words shown on a teacher's public profile; empty means none. */
export const profileBioField = z.string().trim().max(limits.userBioMax, 'validation.bioTooLong');

/** `bio` left out (or null) leaves it as it is. */
export const updateProfileSchema = z.object({ name: profileNameField, image: profileImageField, bio: profileBioField.nullish() });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** `GET /api/users/me`: the signed-in user, as the web app holds them. */
export const meResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  /** Shown on the public teacher profile. */
  bio: z.string().nullish(),
  isAdmin: z.boolean(),
  createdCoursesCount: z.number().int().nonnegative(),
});
export type Me = z.infer<typeof meResponse>;

/** A user's e-mails are written in the language they chose last. */
export const updateLanguageSchema = z.object({ language: z.enum(languages) });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;
