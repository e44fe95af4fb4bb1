import type { AccessRule } from '../access-cases.test-support';

/**
 * The authentication handler's catch-all is public (the authentication library decides who
 * may call each of its endpoints), but a disabled account reaches none of them: its sessions
 * end with the refusal instead.
 */
export const accessRules: AccessRule[] = [
  // A visitor gets `null`; a disabled user's session is refused with ACCOUNT_DISABLED.
  { route: 'GET /api/auth/*', request: () => ({ url: '/api/auth/get-session' }), except: { disabled: 401 } },
  { route: 'POST /api/auth/*', request: () => ({ url: '/api/auth/sign-out', payload: {} }), except: { disabled: 401 } },
];
