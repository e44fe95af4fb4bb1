import { Button, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../session/get-session';
import { signInModeValue } from '../../lib/sign-in-path';

// Visitors never open a user menu: its code (menus, popovers) comes with the session.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

// The same size as the avatar, so nothing jumps when the real thing arrives.
const avatarPlaceholder = <Skeleton circle height={34} />;

/** The user menu when signed in, a "Sign in" link when not, a placeholder while unknown. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  if (user) {
    return (
      <Suspense fallback={avatarPlaceholder}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  // No "Sign in" flash for a user who is signed in.
  if (isPending) return avatarPlaceholder;
  return (
    <Button component={Link} to={paths.register({ mode: signInModeValue })} size="sm">
      {t('nav.signIn')}
    </Button>
  );
}
