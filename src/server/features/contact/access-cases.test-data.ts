import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  {
    route: 'POST /api/contact',
    request: () => ({ url: '/api/contact', payload: { email: 'someone@example.com', name: 'Someone', message: 'Hola, quisiera saber más de los cursos.' } }),
    status: 201,
    // Public: anyone may write; the session only decides whose allowance an address's messages
    // use (its owner's, or everybody else's). The table sends this same
    // e-mail address six times, and the sixth message within the hour (the admin's, last in the
    // table's call order) is over the per-address limit (`contactRateLimits.perEmail` = 5).
    except: { admin: 429 },
  },
  {
    route: 'POST /api/forms/contact',
    // An invalid message: the form comes back with its notice, whoever posts it, and nothing is stored.
    request: () => ({
      url: '/api/forms/contact',
      payload: new URLSearchParams({ email: 'someone@example.com', name: 'Someone', message: 'short' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    status: 303,
  },
];
