import { paths } from '../../shared/paths';
import { safeReturnPath } from '../../shared/return-path';

/**
 * An action a visitor asked for that needs an account (add to cart, enrol in a free course,
 * favourite). It waits in sessionStorage, which lives through the trip to a social provider
 * and back in the same tab, and is done once the visitor has signed in. Only these kinds, with
 * a course id, are ever run, and the server checks each as it checks any request.
 */
const kinds = ['addToCart', 'enrollFree', 'favourite'] as const;
export type PendingAction = { kind: (typeof kinds)[number]; courseId: number };

// Checked by hand rather than with zod: the hearts and buttons that call this are on the home
// page, whose script budget has no room for a schema library.
const isPendingAction = (value: unknown): value is PendingAction & { savedAt: number } => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, courseId, savedAt } = value as Record<string, unknown>;
  return (
    kinds.includes(kind as PendingAction['kind']) &&
    Number.isInteger(courseId) &&
    (courseId as number) > 0 &&
    (courseId as number) <= 2_147_483_647 &&
    typeof savedAt === 'number'
  );
};

const storageKey = 'marketplace.pendingAction';
/** An action left behind (the visitor gave up signing in) does not fire at a much later sign-in. */
const maxAgeMs = 30 * 60 * 1000;

/** Keeps the action and answers the sign-in address that brings the visitor back to `returnTo`. */
export function rememberPendingAction(action: PendingAction, returnTo: string): string {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ kind: action.kind, courseId: action.courseId, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the visitor still comes back, without the action.
  }
  return paths.register({ next: safeReturnPath(returnTo) ?? undefined });
}

/** The waiting action, removed as it is read so it runs once; null when none, expired or malformed. */
export function takePendingAction(now = Date.now()): PendingAction | null {
  let stored: string | null;
  try {
    stored = window.sessionStorage.getItem(storageKey);
    window.sessionStorage.removeItem(storageKey);
  } catch {
    return null;
  }
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isPendingAction(parsed) || now - parsed.savedAt > maxAgeMs || parsed.savedAt > now) return null;
  return { kind: parsed.kind, courseId: parsed.courseId };
}
