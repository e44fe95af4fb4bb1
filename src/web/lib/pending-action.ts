import { signInPath } from './sign-in-path';

/**
 * An action a visitor asked for that needs an account (add to cart, enrol in a free course,
 * favourite). It waits in sessionStorage, which lives through the trip to a social provider
 * and back in the same tab, and is done once the visitor has signed in. Only these kinds, with
 * a course id, are ever run, and the server checks each as it checks any request.
 */
const kinds = ['addToCart', 'enrollFree', 'favourite'] as const;
export type PendingAction = { kind: (typeof kinds)[number]; courseId: number };
/** With the course's title, which the sign-in form names ("Sign in to add «…» to your cart"); never sent anywhere. */
export type DescribedPendingAction = PendingAction & { title?: string };

/** Longer than any course title the app accepts; anything longer in storage was not written by the app. */
const maxTitleLength = 500;

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

const titleOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= maxTitleLength ? value : undefined;

const storageKey = 'marketplace.pendingAction';
/** An action left behind (the visitor gave up signing in) does not fire at a much later sign-in. */
const maxAgeMs = 30 * 60 * 1000;

/** Keeps the action and answers the sign-in address (the sign-in form) that brings the visitor back to `returnTo`. */
export function rememberPendingAction(action: DescribedPendingAction, returnTo: string): string {
  const title = titleOf(action.title);
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ kind: action.kind, courseId: action.courseId, ...(title ? { title } : {}), savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the visitor still comes back, without the action.
  }
  return signInPath(returnTo);
}

function read(stored: string | null, now: number): DescribedPendingAction | null {
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!isPendingAction(parsed) || now - parsed.savedAt > maxAgeMs || parsed.savedAt > now) return null;
  const title = titleOf((parsed as { title?: unknown }).title);
  return { kind: parsed.kind, courseId: parsed.courseId, ...(title ? { title } : {}) };
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
  const action = read(stored, now);
  return action ? { kind: action.kind, courseId: action.courseId } : null;
}

/** The waiting action, left in place: what the sign-in form says will be done once signed in. */
export function peekPendingAction(now = Date.now()): DescribedPendingAction | null {
  try {
    return read(window.sessionStorage.getItem(storageKey), now);
  } catch {
    return null;
  }
}
