import type { Access } from '../shared/endpoints/endpoint';

/**
 * The authorization table's vocabulary. What each kind of caller gets from a route follows
 * from the route's declared access (`expectedStatuses`); a feature's `access-cases.test-data.ts` adds
 * only what cannot be derived: the request to send, the status an admitted caller gets when
 * it is not 200, and the admitted callers who are answered otherwise (and why). The table test
 * (`authorization.test.ts`) calls every route of the app as every role.
 */
export const roles = ['visitor', 'buyer', 'other', 'owner', 'admin', 'disabled'] as const;
export type Role = (typeof roles)[number];

/** What the table's fixture holds, so a rule can aim its request at real rows. */
export type AccessFixture = {
  /** An active course owned by `owner`, bought by `buyer`. */
  courseId: number;
  /** The fixture course's first lesson: its intro, a free preview. */
  lessonId: number;
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
  /** The request to send; the default is the route's path with no body. A rule may run before or after others: it must not depend on them. */
  request?: (fixture: AccessFixture) => AccessRequest;
  /** What the callers the route's access admits get; 200 unless said. */
  status?: number;
  /** Admitted callers answered otherwise than `status` (a buyer may not put a course they own in the cart). Never a caller the access refuses. */
  except?: Partial<Record<Role, number>>;
};

/** Who each access level lets in; everyone else is refused (401 without a usable session, 403 with one). */
export const admittedBy: Record<Access, readonly Role[]> = {
  public: roles,
  user: ['buyer', 'other', 'owner', 'admin'],
  'course-manager': ['owner', 'admin'],
  admin: ['admin'],
};

/** Without a session, or with a disabled account's, a caller is not signed in. */
const refusalFor = (role: Role) => (role === 'visitor' || role === 'disabled' ? 401 : 403);

/** The status each caller gets from a route, from its declared access and its rule. */
export function expectedStatuses(access: Access, rule: Pick<AccessRule, 'status' | 'except'> = {}): Record<Role, number> {
  const admitted = admittedBy[access];
  const expected = Object.fromEntries(roles.map((role) => [role, admitted.includes(role) ? (rule.status ?? 200) : refusalFor(role)])) as Record<Role, number>;
  return { ...expected, ...rule.except };
}
