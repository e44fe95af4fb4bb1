import type { AccessRule } from '../../access-cases.test-support';

const noOrder = '00000000-0000-4000-8000-000000000000';

// The fixture has no order: every signed-in caller passes the guard and is told there is no such invoice.
// Who may see an existing one (its buyer and admins, 404 for others) is tested in routes.test.ts.
export const accessRules: AccessRule[] = [
  { route: 'GET /api/orders/:id/invoice.pdf', request: () => ({ url: `/api/orders/${noOrder}/invoice.pdf` }), status: 404 },
  { route: 'GET /api/orders/:id/credit-notes/:number.pdf', request: () => ({ url: `/api/orders/${noOrder}/credit-notes/2026-000001.pdf` }), status: 404 },
];
