import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ShoppingCartIcon } from '../../components/icons';
import { useSession } from '../../features/auth/api/get-session';

/** The cart icon: the cart when signed in, the sign-in page otherwise (spec section 2). */
export function CartLink() {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  return (
    <ActionIcon
      component={Link}
      to={isSignedIn ? paths.cart() : paths.register()}
      variant="subtle"
      size="lg"
      radius="xl"
      aria-label={t('nav.cart')}
    >
      <ShoppingCartIcon size={22} />
    </ActionIcon>
  );
}
