import { Button, Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../session/get-session';
import { signInModeValue } from '../../lib/sign-in-path';

// Visitors never open a user menu: its code (menus, popovers) comes with the session.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

// The same size as the avatar, so nothing jumps when the real thing arrives.
const avatarPlaceholder = <Skeleton circle height={34} />;

/**
 * The user menu when signed in, a "Sign in" link when not. While the session is unknown: on a
 * page the server drew, the link (what a visitor, and a browser without JavaScript, must see;
 * a signed-in user sees the menu replace it a moment after hydration); on a page the browser
 * draws itself, a placeholder, so a signed-in user sees no "Sign in" flash.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  // Whether this header was first drawn by the server (false on its first render there and while hydrating).
  const hydrated = useHydrated();
  const [serverDrawn] = useState(!hydrated);
  if (user) {
    return (
      <Suspense fallback={avatarPlaceholder}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  // No "Sign in" flash for a user who is signed in.
  if (isPending && !serverDrawn) return avatarPlaceholder;
  return (
    <Button component={Link} to={paths.register({ mode: signInModeValue })} size="sm">
      {t('nav.signIn')}
    </Button>
  );
}
