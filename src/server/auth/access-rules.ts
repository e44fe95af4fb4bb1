import { allow, type AccessRule } from '../access-rules';

export const accessRules: AccessRule[] = [
  {
    route: 'GET /api/auth/*',
    request: () => ({ url: '/api/auth/get-session' }),
    // A visitor gets `null`; a disabled user's session is refused with ACCOUNT_DISABLED.
    expect: { ...allow.everyone(), disabled: 401 },
  },
  {
    route: 'POST /api/auth/*',
    request: () => ({ url: '/api/auth/sign-out', payload: {} }),
    expect: allow.everyone(),
  },
];
