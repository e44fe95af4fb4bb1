import { z } from 'zod';
import { limits } from '../limits';

/**
 * Sign-in and sign-up fields, shared by the /register form and the server.
 * Messages are field-error keys (`validation.<name>`); the password rules run in the
 * spec's order and stop at the first that fails.
 */
export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .pipe(z.email({ message: 'validation.emailInvalid' }))
  // The OpenAPI document describes the input, which zod's pipe would show as any string.
  .meta({ format: 'email' });

export const passwordField = z
  .string()
  .min(1, { message: 'validation.passwordRequired', abort: true })
  .regex(/[A-Z]/, { message: 'validation.passwordUppercase', abort: true })
  .regex(/\d/, { message: 'validation.passwordDigit', abort: true })
  .min(limits.passwordMin, { message: 'validation.passwordLength', abort: true })
  .max(limits.passwordMax, { message: 'validation.passwordLength', abort: true });

export const credentialsSchema = z.object({ email: emailField, password: passwordField });
export type Credentials = z.infer<typeof credentialsSchema>;

/** Image URLs are links the browser loads; only http(s), never `javascript:` or `data:`. */
export const imageUrlField = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[\w\-./]+$/.test(value), 'validation.imageUrl')
  // The refinement, for the OpenAPI document (a pattern has no flags: the scheme's case is spelled out).
  .meta({ pattern: '^\\s*([hH][tT][tT][pP][sS]?://\\S+|/[\\w\\-./]+)\\s*$' });

/** Social sign-in providers the product knows, in the order their buttons appear. */
export const socialProviderIds = ['google', 'github', 'facebook', 'twitter'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/**
 * `GET /api/auth-providers`: which social sign-ins this server has credentials for. The
 * web app always shows Google (the spec's button) and the others only when enabled.
 */
export const authProvidersResponse = z.object({
  google: z.boolean(),
  github: z.boolean(),
  facebook: z.boolean(),
  twitter: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersResponse>;
