import type { AccessRule } from '../../access-cases.test-support';

/** The table's fixture names its users `<role>-<first 6 characters of the id>@example.com`. */
const ownerEmail = (ownerId: string) => `owner-${ownerId.slice(0, 6)}@example.com`;

export const accessRules: AccessRule[] = [
  { route: 'PATCH /api/users/me', request: () => ({ url: '/api/users/me', payload: { name: 'Nuevo Nombre', image: 'https://example.com/me.png' } }) },
  { route: 'PUT /api/users/me/language', request: () => ({ url: '/api/users/me/language', payload: { language: 'en' } }) },
  // Asking for the owner's address (the fixture's accounts have no password and were signed in just now):
  // taken for the others, the owner's own for the owner. Nothing is mailed.
  {
    route: 'POST /api/users/me/email-change',
    request: (fixture) => ({ url: '/api/users/me/email-change', payload: { newEmail: ownerEmail(fixture.userIds.owner) } }),
    status: 409,
    except: { owner: 400 },
  },
  // Anyone holding a link may open it; a made-up one opens nothing.
  { route: 'POST /api/email-change/approve', request: () => ({ url: '/api/email-change/approve', payload: { token: 'made-up-token' } }), status: 400 },
  { route: 'POST /api/email-change/confirm', request: () => ({ url: '/api/email-change/confirm', payload: { token: 'made-up-token' } }), status: 400 },
];
