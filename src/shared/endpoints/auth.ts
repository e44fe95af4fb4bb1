import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { authProvidersResponse, socialProviderIds } from '../schemas/auth';
import { defineEndpoint } from './endpoint';

/** The signed-in user as the authentication library reports it (its admin plugin adds `isAdmin`). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

export const sessionSchema = z.object({
  session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
  user: sessionUserSchema,
});

const statusResponse = z.object({ status: z.boolean() });
const authResult = z.object({ token: z.string().nullable(), user: z.object({ id: z.string(), name: z.string(), email: z.string() }) });
const authErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse };

/**
 * The authentication endpoints the web app calls. All but the first are served by the
 * authentication library's handler under /api/auth/* (`servedBy: 'auth-handler'`), which
 * validates their input itself: these schemas describe the calls, the server registers none.
 * Their `effects` are what the handler's route catches up with after each (see auth/mount.ts).
 */
export const authEndpoints = {
  getAuthProviders: defineEndpoint({
    method: 'GET',
    path: '/api/auth-providers',
    access: 'public',
    tags: ['auth'],
    summary: 'Which social sign-in providers are configured on this server',
    responses: { 200: authProvidersResponse },
  }),
  getSession: defineEndpoint({
    method: 'GET',
    path: '/api/auth/get-session',
    access: 'public',
    servedBy: 'auth-handler',
    effects: [],
    tags: ['auth'],
    summary: 'The current session; null (status 200) when nobody is signed in',
    responses: { 200: sessionSchema.nullable(), 401: errorResponse },
  }),
  signInWithEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'Sign in with e-mail and password',
    body: z.object({ email: z.string(), password: z.string() }),
    responses: { 200: authResult, ...authErrors },
  }),
  signUpWithEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'Create an account (and sign in); its e-mails are written in `language`',
    body: z.object({ email: z.string(), password: z.string(), language: z.string() }),
    responses: { 200: authResult, ...authErrors },
  }),
  startSocialSignIn: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-in/social',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: "The provider's sign-in address, where the browser goes",
    body: z.object({ provider: z.enum(socialProviderIds), callbackURL: z.string(), errorCallbackURL: z.string() }),
    // 404: a provider this server has no credentials for.
    responses: { 200: z.object({ url: z.string(), redirect: z.boolean() }), 404: errorResponse, ...authErrors },
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'End my session',
    body: z.object({}),
    responses: { 200: z.object({ success: z.boolean() }), ...authErrors },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'Change my password',
    body: z.object({ currentPassword: z.string(), newPassword: z.string() }),
    responses: { 200: z.object({ token: z.string().nullable() }), ...authErrors },
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'Send a password reset link',
    body: z.object({ email: z.string() }),
    responses: { 200: statusResponse, ...authErrors },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: "Set a new password with a reset link's token",
    body: z.object({ token: z.string(), newPassword: z.string() }),
    responses: { 200: statusResponse, ...authErrors },
  }),
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/api/auth/verify-email',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: "Confirm an e-mail address with a verification link's token",
    query: z.object({ token: z.string() }),
    responses: { 200: statusResponse, ...authErrors },
  }),
  sendVerificationEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/send-verification-email',
    access: 'public',
    servedBy: 'auth-handler',
    effects: ['sessions'],
    tags: ['auth'],
    summary: 'Send the verification link again',
    body: z.object({ email: z.string() }),
    responses: { 200: statusResponse, ...authErrors },
  }),
};
