import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CourseSummary } from '../../../shared/schemas/catalog';
import { useFavourites } from './get-favourites';
import { useSetFavourite } from './set-favourite';
import { errorMessage } from '../../lib/error-message';
import { rememberPendingAction } from '../../lib/pending-action';
import { signInPath } from '../../lib/sign-in-path';
import { HeartIcon } from '../../components/icons';

type FavouriteButtonProps = Omit<ActionIconProps, 'children'> & {
  course: CourseSummary;
  signedIn: boolean;
};

/**
 * The heart on a course: filled when the course is a favourite, a toggle for a signed-in
 * user, and a way to the sign-in form for a visitor (spec section 4), who comes back with the
 * course marked.
 */
export function FavouriteButton({ signedIn, ...props }: FavouriteButtonProps) {
  // Two components, so that a visitor's heart (every card of a page the server draws) sets up no
  // favourites query or mutation it never uses: each costs its observer per card.
  return signedIn ? <SignedInHeart {...props} /> : <VisitorHeart {...props} />;
}

type HeartProps = Omit<FavouriteButtonProps, 'signedIn'>;

function VisitorHeart({ course, size = 'lg', ...props }: HeartProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // Remembered on the click, not at render: cards show many hearts, the visitor chose one.
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <ActionIcon
      component={Link}
      to={signInPath(returnTo)}
      onClick={() => rememberPendingAction({ kind: 'favourite', courseId: course.id, title: course.title }, returnTo)}
      variant="default"
      radius="xl"
      size={size}
      aria-label={t('course.favourite', { title: course.title })}
      {...props}
    >
      <HeartIcon size={20} />
    </ActionIcon>
  );
}

function SignedInHeart({ course, size = 'lg', ...props }: HeartProps) {
  const { t } = useTranslation();
  const favourites = useFavourites({ enabled: true });
  const setFavourite = useSetFavourite();
  const isFavourite = favourites.data?.items.some((item) => item.id === course.id) ?? false;
  return (
    <ActionIcon
      variant={isFavourite ? 'light' : 'default'}
      color="red"
      radius="xl"
      size={size}
      aria-label={t('course.favourite', { title: course.title })}
      aria-pressed={isFavourite}
      // Until the list is known, a click could undo a favourite the user cannot see.
      disabled={favourites.isPending}
      onClick={() => {
        setFavourite.mutate(
          { course, favourite: !isFavourite },
          {
            onError: (error) => {
              // Loaded on the first failure: the toast code stays out of the home page's budget.
              void import('../../components/toasts').then(({ toast }) => toast.error(errorMessage(error)));
            },
          },
        );
      }}
      {...props}
    >
      <HeartIcon size={20} fill={isFavourite ? 'currentColor' : 'none'} />
    </ActionIcon>
  );
}
