/**
 * What a public form posted without JavaScript (src/shared/endpoints/form-post.ts) comes back to its
 * page with, as `?notice=<code>`: the page draws the message on the server, in the same words as
 * the app's dialogs. Only these codes are read (anything else draws nothing), and none carries
 * what was typed: the address bar, the history and the request log see the code alone.
 */
export const formNotices = [
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'RATE_LIMITED',
  'VALIDATION_FAILED',
  'ACCOUNT_DISABLED',
  'EXPIRED_ACTION_CODE',
  'INVALID_ACTION_CODE',
  'FAILED',
  'RESET_LINK_SENT',
  'MESSAGE_SENT',
] as const;
export type FormNotice = (typeof formNotices)[number];

const known: ReadonlySet<string> = new Set(formNotices);

/** The notice a page shows for its `notice` parameter, or null for none (or one it does not know). */
export const formNoticeFrom = (value: string | null | undefined): FormNotice | null => (value && known.has(value) ? (value as FormNotice) : null);

/** The notices that tell of a success (drawn as such, not as an error). */
export const successNotices: ReadonlySet<FormNotice> = new Set(['RESET_LINK_SENT', 'MESSAGE_SENT']);
