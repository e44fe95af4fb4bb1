import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { adminListQuery, adminUserDetail, adminUserEditSchema, adminUserRow, pageOf, userIdParam } from '../schemas/admin';
import { authProvidersResponse, emailField, socialProviderIds } from '../schemas/auth';
import { meResponse, updateLanguageSchema, updateProfileSchema } from '../schemas/users';
import { readErrors, writeErrors } from './admin';
import { defineEndpoint } from './endpoint';
import { formField, formPost, redirects } from './form-post';

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

/** The signed-in user's own account. */
export const usersEndpoints = {
  getMe: defineEndpoint({
    method: 'GET',
    path: '/api/users/me',
    access: 'user',
    tags: ['users'],
    summary: 'The signed-in user, with how many courses they created',
    responses: { 200: meResponse, 401: errorResponse },
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/users/me',
    access: 'user',
    // The name, picture and bio show on the public teacher profile, cached with the catalogue.
    effects: ['sessions', 'catalogue'],
    tags: ['users'],
    summary: 'Change my name, picture (an http or https URL, or empty for none) and bio',
    body: updateProfileSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse },
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/language',
    access: 'user',
    effects: ['sessions'],
    tags: ['users'],
    summary: 'The language my e-mails are written in (the web app sends its own when it changes)',
    body: updateLanguageSchema,
    responses: { 200: updateLanguageSchema, 400: errorResponse, 401: errorResponse },
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/email-change',
    access: 'user',
    effects: ['sessions'],
    tags: ['users'],
    summary: 'Ask to change my e-mail address',
    description:
      'Needs the current password (an account without one: a sign-in in the last 5 minutes). The current address gets a link to approve the change; once approved, the new address gets a link to confirm it, and only then does the address change. Replaces a change under way; a change dies when the password changes, the session that asked for it ends, or after an hour.',
    body: z.object({ newEmail: emailField, currentPassword: z.string().max(200).optional() }),
    responses: { 202: z.object({ newEmail: z.string() }), 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
  approveEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/approve',
    access: 'public',
    effects: [],
    tags: ['users'],
    summary: "Approve an e-mail change with the approval link's token (mailed to the current address)",
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: z.object({ newEmail: z.string() }), 400: errorResponse, 429: errorResponse },
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/confirm',
    access: 'public',
    effects: ['sessions'],
    tags: ['users'],
    summary: "Confirm the new address of an approved e-mail change with its link's token; the address changes",
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: z.object({ email: z.string() }), 400: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
};

/**
 * The public forms' plain HTML posts (sign-in, sign-up, the password reset's two steps; the contact form's is in contact.ts):
 * the pages render `method="post"` with these as `action`, so a form submitted before the web app
 * takes over is posted, never sent as a GET whose query (a password) lands in the address bar,
 * the history and the request log.
 */
export const formEndpoints = {
  signInForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/sign-in',
    effects: ['sessions'],
    summary: 'Sign in with e-mail and password from the HTML form',
    description: `${redirects} Success sets the session cookie and goes to \`next\` (a path of this app) or home.`,
    body: z.object({ email: formField(1000), password: formField(1000), next: formField(2048) }),
  }),
  signUpForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/sign-up',
    effects: ['sessions'],
    summary: 'Create an account (and sign in) from the HTML form',
    description: `${redirects} Success sets the session cookie and goes to \`next\` (a path of this app) or home.`,
    body: z.object({ email: formField(1000), password: formField(1000), language: formField(10), next: formField(2048) }),
  }),
  passwordResetRequestForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/password-reset',
    effects: ['sessions'],
    summary: 'Ask for a password reset link from the HTML form',
    description: `${redirects} Success comes back to the form saying the link was sent (whether or not the address has an account).`,
    body: z.object({ email: formField(1000) }),
  }),
};

/** The admin's management of accounts, under /api/admin: admins only. */
export const adminUserEndpoints = {
  getAdminUsers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    tags: ['admin'],
    summary: 'Active or disabled users, searchable, by pages',
    query: adminListQuery,
    responses: { 200: pageOf(adminUserRow), ...readErrors },
  }),
  getAdminUser: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    access: 'admin',
    tags: ['admin'],
    summary: 'A user with the courses they bought and created',
    params: userIdParam,
    responses: { 200: adminUserDetail, ...readErrors },
  }),
  updateAdminUser: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: "Edit a user's name and image",
    params: userIdParam,
    body: adminUserEditSchema,
    responses: { 200: adminUserDetail, ...writeErrors },
  }),
  disableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/disable',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: 'Disable an account; its sessions are refused at once (not your own)',
    params: userIdParam,
    responses: { 200: adminUserDetail, ...writeErrors },
  }),
  enableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/enable',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: 'Enable a disabled account',
    params: userIdParam,
    responses: { 200: adminUserDetail, ...writeErrors },
  }),
  makeAdmin: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/make-admin',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: 'Make a user an admin',
    params: userIdParam,
    responses: { 200: adminUserDetail, ...writeErrors },
  }),
};
