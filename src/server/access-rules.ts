/**
 * The authorization table's vocabulary. Each feature lists, in its own `access-rules.ts`,
 * every API route it serves with the status each kind of caller gets; the table test
 * (`authorization.test.ts`) calls every route as every role and fails on any route of the
 * app that no feature lists.
 */
export const roles = ['visitor', 'buyer', 'other', 'owner', 'admin', 'disabled'] as const;
export type Role = (typeof roles)[number];

/** What the table's fixture holds, so a rule can aim its request at real rows. */
export type AccessFixture = {
  /** An active course owned by `owner`, bought by `buyer`. */
  courseId: number;
  categoryId: number;
  subcategoryId: number;
  userIds: Record<Exclude<Role, 'visitor'>, string>;
};

export type AccessRequest = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

export type AccessRule = {
  /** `METHOD /api/path/:param` exactly as the route is declared. */
  route: string;
  /** The request to send; the default is the route's path with no body. */
  request?: (fixture: AccessFixture) => AccessRequest;
  /** The status each caller gets. A rule may run before or after others: it must not depend on them. */
  expect: Record<Role, number>;
};

/** Shorthands for the common shapes of a rule's expectations. */
export const allow = {
  everyone: (status = 200): Record<Role, number> => ({ visitor: status, buyer: status, other: status, owner: status, admin: status, disabled: status }),
  signedIn: (status = 200): Record<Role, number> => ({ visitor: 401, buyer: status, other: status, owner: status, admin: status, disabled: 401 }),
  admins: (status = 200): Record<Role, number> => ({ visitor: 401, buyer: 403, other: 403, owner: 403, admin: status, disabled: 401 }),
  ownerOrAdmin: (status = 200): Record<Role, number> => ({ visitor: 401, buyer: 403, other: 403, owner: status, admin: status, disabled: 401 }),
};
