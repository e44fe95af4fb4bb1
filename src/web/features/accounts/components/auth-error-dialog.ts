import type { QueryClient } from '@tanstack/react-query';
import { showDialog } from '../../../components/dialogs';
import { i18n } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { handleAccountDisabled } from '../../../session/account-disabled';

const t = i18n.t.bind(i18n);

/**
 * The spec's dialogs for a failed sign-in or sign-up (section 8), plus clear messages for
 * too many attempts and an unreachable server. Resolves when the dialog closes.
 */
export async function showAuthErrorDialog(error: unknown, queryClient: QueryClient): Promise<void> {
  const code = isApiError(error) ? error.code : 'UNKNOWN';
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return showDialog({ icon: 'error', title: t('auth:invalidCredentials.title'), text: t('auth:invalidCredentials.text') });
    case 'EMAIL_TAKEN':
      return showDialog({ icon: 'info', title: t('errors:emailExists.title'), text: t('errors:emailExists.text') });
    case 'ACCOUNT_DISABLED':
      // The same path as any call that finds the account disabled (shown once).
      return handleAccountDisabled(queryClient);
    case 'RATE_LIMITED':
      return showDialog({ icon: 'warning', title: t('auth:tooManyAttempts.title'), text: t('auth:tooManyAttempts.text') });
    case 'NETWORK':
      return showDialog({ icon: 'error', title: t('auth:network.title'), text: t('auth:network.text') });
    case 'VALIDATION_FAILED':
      return showWrongFieldsDialog();
    default:
      return showDialog({ icon: 'error', title: errorMessage(error) });
  }
}

/** Spec section 4: an auth form submitted with field errors raises "Wrong fields". */
export const showWrongFieldsDialog = () => showDialog({ icon: 'warning', title: t('auth:wrongFields'), text: t('auth:wrongFieldsText') });

/**
 * A social sign-in that failed comes back as `/register?error=<code>`: our codes
 * (ACCOUNT_DISABLED) or better-auth's (`account_not_linked` when a password account already
 * holds the e-mail, `access_denied` when the user cancelled at the provider, …).
 */
export async function showSocialErrorDialog(code: string, queryClient: QueryClient): Promise<void> {
  if (code === 'ACCOUNT_DISABLED') return handleAccountDisabled(queryClient);
  if (code === 'account_not_linked' || code === 'EMAIL_TAKEN') {
    return showDialog({ icon: 'info', title: t('errors:emailExists.title'), text: t('errors:emailExists.text') });
  }
  if (code === 'RATE_LIMITED') return showDialog({ icon: 'warning', title: t('auth:tooManyAttempts.title'), text: t('auth:tooManyAttempts.text') });
  return showDialog({ icon: 'error', title: t('auth:socialFailed.title'), text: t('auth:socialFailed.text') });
}
