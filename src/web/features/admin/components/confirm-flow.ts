import { confirmDialog, showDialog } from '../../../components/dialogs';
import { errorMessage } from '../../../lib/error-message';

type ConfirmFlow = {
  /** "¿Estás seguro?" and its text. */
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown when the admin cancels ("El usuario sigue habilitado."). */
  cancelled: string;
  /** Shown when the action succeeded ("¡Usuario deshabilitado!"). */
  done: string | ((result: unknown) => string);
  action: () => Promise<unknown>;
};

/**
 * The spec's pattern for every admin toggle (section 8): ask, then either say nothing
 * changed or act and report the result; a failure shows its translated message.
 * Resolves true when the action ran.
 */
export async function confirmAndRun({ title, text, confirmLabel, cancelLabel, cancelled, done, action }: ConfirmFlow): Promise<boolean> {
  const confirmed = await confirmDialog({ title, text, confirmLabel, cancelLabel });
  if (!confirmed) {
    await showDialog({ icon: 'info', title: cancelled });
    return false;
  }
  try {
    const result = await action();
    await showDialog({ icon: 'success', title: typeof done === 'function' ? done(result) : done });
    return true;
  } catch (failure) {
    await showDialog({ icon: 'error', title: errorMessage(failure) });
    return false;
  }
}
