import { APIError } from 'better-auth/api';
import { credentialsSchema, passwordField } from '../../shared/schemas/auth';

/** Where each endpoint carries a new password, which must follow the product's rules. */
const NEW_PASSWORD_FIELD: Record<string, string> = { '/change-password': 'newPassword', '/reset-password': 'newPassword' };

function validationError(issues: { path: PropertyKey[]; message: string }[]): APIError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields });
}

/**
 * better-auth only checks the length; the product's other password rules, in the spec's order,
 * on a sign-up and wherever a new password is set. Returns the sign-up's body as better-auth is
 * to see it (the address normalised, the name derived on the server by the user hook: clients need
 * not send one); throws VALIDATION_FAILED with the fields at fault.
 */
export function enforcePasswordRules(path: string | undefined, body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (path === '/sign-up/email') {
    const parsed = credentialsSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    return { ...body, email: parsed.data.email, name: typeof body.name === 'string' ? body.name : '' };
  }
  const field = path ? NEW_PASSWORD_FIELD[path] : undefined;
  if (field) {
    const parsed = passwordField.safeParse(body[field] ?? '');
    if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ ...issue, path: [field] })));
  }
  return undefined;
}
