import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { BookIcon, ChevronDownIcon, HeartIcon, LogoutIcon, SchoolIcon, ShieldIcon, UserIcon } from '../../components/icons';
import { toast } from '../../components/toasts';
import type { SessionUser } from '../../session/get-session';
import { useSignOut } from '../../session/sign-out';
import { useMe } from '../../features/accounts';
import { errorMessage } from '../../lib/error-message';
import classes from './layout.module.css';

/** Name and e-mail, the user's pages, the admin area for admins, and Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // Spec section 6: "Courses created" only for a user who has created at least one course.
  const createdCourses = useMe().data?.createdCoursesCount ?? 0;

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      // The page on screen may be private (cart, admin): leave for the home page.
      onSuccess: () => void navigate(paths.home()),
      onError: (error) => {
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    // No focus placeholder: Mantine's is a focusable role="presentation" div inside role="menu",
    // which screen readers (and axe) reject; focus goes to the first item instead. Rendered in
    // place, the open menu stays inside the header landmark.
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false} withinPortal={false}>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t('userMenu.label', { name: user.name })}>
          {/* No initials: as text they would be part of the button's visible text ("DF Diego
              Fernández"), which its name must contain for speech input; the placeholder is an icon. */}
          <Avatar src={user.image} alt="" color="indigo" variant="filled" radius="xl" size={32} />
          <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate="end">
            {user.name}
          </Text>
          <ChevronDownIcon size={16} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="var(--mantine-color-text)" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.dashboard(user.name)} leftSection={<UserIcon size={16} />}>
          {t('userMenu.myData')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.myCourses()} leftSection={<BookIcon size={16} />}>
          {t('userMenu.myCourses')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.favourites()} leftSection={<HeartIcon size={16} />}>
          {t('userMenu.favourites')}
        </Menu.Item>
        {createdCourses > 0 ? (
          <Menu.Item component={Link} to={paths.coursesCreated()} leftSection={<SchoolIcon size={16} />}>
            {t('userMenu.coursesCreated')}
          </Menu.Item>
        ) : null}
        {user.isAdmin ? (
          <Menu.Item component={Link} to={paths.admin()} leftSection={<ShieldIcon size={16} />}>
            {t('userMenu.admin')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={handleSignOut} disabled={signOut.isPending}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
