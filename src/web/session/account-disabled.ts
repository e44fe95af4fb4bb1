import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { forgetUser, signOut } from './sign-out';

/** The spec's dialog for a disabled account: "Tu cuenta ha sido deshabilitada." */
async function showAccountDisabledDialog() {
  // Loaded on demand: main.tsx reaches this module only when an account turns out disabled.
  const { showDialog } = await import('../components/dialogs');
  await showDialog({ icon: 'error', title: i18n.t('errors:accountDisabled.title'), text: i18n.t('errors:accountDisabled.text') });
}

let handling: Promise<void> | null = null;

/**
 * An admin disabled this account: its session no longer works. Signs out (clearing the
 * session cookie and everything cached for the user) and shows the disabled dialog, once,
 * however many calls fail at the same time.
 */
export function handleAccountDisabled(queryClient: QueryClient): Promise<void> {
  handling ??= Promise.all([
    signOut()
      // The server may be unreachable; the session is dead either way.
      .catch(() => undefined)
      .then(() => forgetUser(queryClient)),
    showAccountDisabledDialog(),
  ])
    .then(() => undefined)
    .finally(() => {
      handling = null;
    });
  return handling;
}
