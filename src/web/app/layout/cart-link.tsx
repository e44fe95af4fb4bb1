import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCart } from '../../entities/cart/get-cart';
import { ShoppingCartIcon } from '../../components/icons';
import { useSession } from '../../session/get-session';
import { signInPath } from '../../lib/sign-in-path';

/**
 * The cart icon: the cart when signed in, the sign-in form otherwise (spec section 2). A badge
 * counts the courses in the cart; the link's name says it in words ("3 cursos en el carrito").
 */
export function CartLink() {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const cart = useCart({ enabled: isSignedIn });
  const count = isSignedIn ? (cart.data?.items.length ?? 0) : 0;
  return (
    // The number is for the eye; screen readers hear it in the link's name.
    <Indicator label={<span aria-hidden="true">{count}</span>} disabled={count === 0} size={18} offset={6} color="red.8" fw={700} zIndex={1}>
      <ActionIcon
        component={Link}
        to={isSignedIn ? paths.cart() : signInPath(paths.cart())}
        variant="subtle"
        size="lg"
        radius="xl"
        aria-label={count > 0 ? t('nav.cartCount', { count }) : t('nav.cart')}
      >
        <ShoppingCartIcon size={22} />
      </ActionIcon>
    </Indicator>
  );
}
