import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddToCart } from '../../entities/cart/add-to-cart';
import { useEnrollFree } from '../../entities/enrollments/enroll-free';
import { favouriteKeys } from '../../entities/favourites/favourite-keys';
import { markFavourite } from '../../entities/favourites/set-favourite';
import { cartRefusalMessage } from '../../entities/cart/cart-refusal';
import { useSession } from '../../session/get-session';
import { errorMessage } from '../../lib/error-message';
import { takePendingAction } from '../../lib/pending-action';

// Loaded when there is something to say: the toast code stays out of every page's first load.
const showToast = (kind: 'success' | 'error', message: string) => void import('../../components/toasts').then(({ toast }) => toast[kind](message));

/**
 * Finishes what a visitor started before signing in ("add to cart", a free enrolment, a
 * favourite heart): once a session exists, the remembered action is taken (once) and sent to
 * the server like any click, with the same toasts.
 */
export function PendingActionRunner() {
  const { t } = useTranslation(['cart', 'common']);
  const { isSignedIn } = useSession();
  const queryClient = useQueryClient();
  const { mutate: addToCart } = useAddToCart();
  const { mutate: enrollFree } = useEnrollFree();

  useEffect(() => {
    if (!isSignedIn) return;
    const action = takePendingAction();
    if (!action) return;
    const refused = (error: unknown) => showToast('error', cartRefusalMessage(error, (key) => t(key)));
    if (action.kind === 'addToCart') {
      addToCart(action.courseId, { onSuccess: () => showToast('success', t('toast.added')), onError: refused });
    } else if (action.kind === 'enrollFree') {
      enrollFree(action.courseId, { onSuccess: () => showToast('success', t('toast.enrolled')), onError: refused });
    } else {
      markFavourite(action.courseId)
        .then(() => showToast('success', t('common:toast.favouriteAdded')))
        .catch((error: unknown) => showToast('error', errorMessage(error)))
        .finally(() => void queryClient.invalidateQueries({ queryKey: favouriteKeys.all }));
    }
  }, [isSignedIn, addToCart, enrollFree, queryClient, t]);

  return null;
}
