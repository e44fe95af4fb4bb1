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
    // A disabled account reaches no auth endpoint: its sessions end with the refusal instead.
    expect: { ...allow.everyone(), disabled: 401 },
  },
];
