import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  // Only the fixture course's owner is a teacher: the others are told to create a course first.
  { route: 'POST /api/payouts/onboarding', request: () => ({ url: '/api/payouts/onboarding', payload: {} }), except: { buyer: 409, other: 409, admin: 409 } },
  // Nobody in the fixture has started onboarding: there is no account to send anyone back to.
  { route: 'GET /api/payouts/onboarding/refresh', status: 404 },
];
