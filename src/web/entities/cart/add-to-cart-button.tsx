import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useAddToCart } from './add-to-cart';
import { useCart } from './get-cart';
import { useEnrollFree } from '../enrollments/enroll-free';
import { useEnrollments } from '../enrollments/get-enrollments';
import { useSession } from '../../session/get-session';
import { isApiError } from '../../lib/api-client';
import { rememberPendingAction } from '../../lib/pending-action';
import { cartRefusalMessage } from './cart-refusal';
import { ShoppingCartIcon } from '../../components/icons';
import { toast } from '../../components/toasts';

type AddToCartButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  courseId: number;
  /** With the price, a free course offers one-click enrolment; without it, the button adds to the cart. */
  priceCents?: number;
  /** Known on the course page (detail): the creator sees "This is your course". Cards rely on the server's answer. */
  ownerId?: string;
  /** Names the button for screen readers when a page shows many ("Add to cart: Python…"). */
  title?: string;
  /** The caller's session state, when it has it; otherwise the button reads the session itself. */
  signedIn?: boolean;
  /** Once the course is in the cart, the button says so and leads to the cart (the course page). */
  showInCart?: boolean;
};

/**
 * The add-to-cart button of the course page and the course cards (spec section 4):
 * signed out → the sign-in form (saying what will be done), and back
 * here with the course added (or enrolled) once signed in; already in the cart → error toast "Course exists!"; otherwise
 * added with "Added Course!". A course the user owns shows "Go to course" instead, one they
 * created says so, and a free course is enrolled with one click.
 */
export function AddToCartButton({ courseId, priceCents, ownerId, title, signedIn: signedInProp, showInCart = false, ...buttonProps }: AddToCartButtonProps) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const isSignedIn = signedInProp ?? session.isSignedIn;
  const sessionPending = signedInProp === undefined && session.isPending;
  const { user } = session;
  const enrollments = useEnrollments({ enabled: isSignedIn });
  const cart = useCart({ enabled: isSignedIn && showInCart });
  const addToCart = useAddToCart();
  const enrollFree = useEnrollFree();
  // Cards show many such buttons: the course's title tells them apart for screen readers.
  const named = (text: string) => ({ children: text, ...(title ? { 'aria-label': `${text}: ${title}` } : {}) });

  if (isSignedIn && ownerId && ownerId === user?.id) {
    return (
      <Button variant="light" disabled {...buttonProps}>
        {t('button.yourCourse')}
      </Button>
    );
  }
  if (enrollments.data?.some((owned) => owned.id === courseId)) {
    return (
      <Button component={Link} to={paths.player(courseId)} variant="light" {...buttonProps} {...named(t('button.goToCourse'))} />
    );
  }

  if (showInCart && isSignedIn && cart.data?.items.some((item) => item.courseId === courseId)) {
    return (
      <Button component={Link} to={paths.cart()} variant="light" leftSection={<ShoppingCartIcon size={18} />} {...buttonProps} {...named(t('button.inCart'))} />
    );
  }

  const kind = priceCents === 0 ? 'enrollFree' : 'addToCart';
  // The visitor signs in, comes back to this page, and the course is added there.
  const signInFirst = () => navigate(rememberPendingAction({ kind, courseId, title }, `${location.pathname}${location.search}`));

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.code === 'UNAUTHENTICATED') return void signInFirst();
    toast.error(cartRefusalMessage(error, t));
  };

  const onClick = () => {
    if (!isSignedIn) {
      void signInFirst();
      return;
    }
    if (priceCents === 0) {
      enrollFree.mutate(courseId, { onSuccess: () => toast.success(t('toast.enrolled')), onError: showFailure });
      return;
    }
    addToCart.mutate(courseId, { onSuccess: () => toast.success(t('toast.added')), onError: showFailure });
  };

  const free = priceCents === 0;
  return (
    <Button
      onClick={onClick}
      loading={addToCart.isPending || enrollFree.isPending}
      disabled={sessionPending}
      leftSection={free ? undefined : <ShoppingCartIcon size={18} />}
      {...buttonProps}
      {...named(free ? t('button.enrollFree') : t('button.addToCart'))}
    />
  );
}
