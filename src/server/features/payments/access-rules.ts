import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  {
    // Public by design (the provider calls it); only a valid signature gets anything done.
    route: 'POST /api/payments/webhook',
    request: () => ({
      url: '/api/payments/webhook',
      payload: { id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } },
      headers: { 'stripe-signature': 't=1,v1=forged' },
    }),
    expect: allow.everyone(400),
  },
];
