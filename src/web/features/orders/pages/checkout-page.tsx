import { Alert, Button, Center, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultLanguage, toLanguage } from '../../../../shared/languages';
import { paths } from '../../../../shared/paths';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../session/get-session';
import { useStartCheckout } from '../../../entities/orders/start-checkout';
import { SignInRedirect } from '../../../components/sign-in-redirect';

/**
 * Leaves the app for the payment provider's hosted page (a full navigation, not a route).
 * `replace`, so that Back from the provider returns to the cart instead of to this page,
 * which would open another checkout and send the user forward again.
 */
const goToProvider = (url: string) => window.location.replace(url);

/**
 * /formpage — the checkout: the server turns the cart into an order and opens the payment
 * provider's checkout, and the browser goes there at once.
 */
export function CheckoutPage() {
  const { t, i18n } = useTranslation('orders');
  const locale = toLanguage(i18n.language) ?? defaultLanguage;
  const { isSignedIn, isPending: sessionPending } = useSession();
  const checkout = useStartCheckout();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects: each start opens an order.
    if (!isSignedIn || started.current) return;
    started.current = true;
    checkout.mutate(locale, { onSuccess: ({ url }) => goToProvider(url) });
  }, [isSignedIn, checkout, locale]);

  if (!sessionPending && !isSignedIn) return <SignInRedirect />;

  const emptyCart = isApiError(checkout.error) && checkout.error.code === 'CART_EMPTY';
  return (
    <Container size="sm" py="xl">
      <PageTitle title={t('checkout.title')} />
      {checkout.isError ? (
        <Stack gap="md">
          <Alert color={emptyCart ? 'yellow' : 'red'} role="alert">
            {emptyCart ? t('checkout.empty') : errorMessage(checkout.error)}
          </Alert>
          <Group>
            <Button component={Link} to={paths.cart()} variant={emptyCart ? 'filled' : 'default'}>
              {t('failed.backToCart')}
            </Button>
            {emptyCart ? null : (
              <Button onClick={() => checkout.mutate(locale, { onSuccess: ({ url }) => goToProvider(url) })}>{t('checkout.retry')}</Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden="true" />
            <Text>{t('checkout.redirecting')}</Text>
          </Stack>
        </Center>
      )}
    </Container>
  );
}
