import type { Query } from '@tanstack/react-query';

/** When each query restored from the server's page got its data (by query hash). */
const restoredAt = new Map<string, number>();

/** Notes that a query's data is what the server drew the page with, as of `updatedAt`. */
export function rememberServerDrawn(queryHash: string, updatedAt: number): void {
  restoredAt.set(queryHash, updatedAt);
}

/**
 * Whether a query still holds the data the server drew the page with (never fetched again since).
 * The server draws every page as a visitor sees it, so there is nothing of a user's in it to forget
 * at a sign-out; and emptying it could reach a part of the page React is still hydrating (a lazy
 * section whose code is on its way), which would then no longer match the HTML.
 */
export const isServerDrawn = (query: Query): boolean => restoredAt.get(query.queryHash) === query.state.dataUpdatedAt;
