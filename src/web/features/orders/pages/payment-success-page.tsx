import { Alert, Box, Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { cartKeys } from '../../../entities/cart/cart-keys';
import { enrollmentKeys } from '../../../entities/enrollments/enrollment-keys';
import { orderKeys } from '../../../entities/orders/order-keys';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/error-message';
import { CONFIRM_MAX_ATTEMPTS, useConfirmOrder } from '../../../entities/orders/confirm-order';

/**
 * /formpage/success?session_id=… — the provider's success address. The page does not take
 * the address's word: the server asks the provider, and the page says "confirming" and
 * checks again until the payment is confirmed.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('orders');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const confirmation = useConfirmOrder(sessionId);
  const queryClient = useQueryClient();
  const order = confirmation.data;
  const paid = order?.status === 'paid';

  useEffect(() => {
    if (!paid) return;
    // The server took the bought courses out of the cart and granted them: show that.
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
        queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.list() }),
      ]);
    void refresh();
    // Spec section 9: the cart is refreshed again 5 s after the success page loads.
    const timer = setTimeout(() => void refresh(), limits.cartClearDelayMs);
    return () => clearTimeout(timer);
  }, [paid, queryClient]);

  if (!sessionId || (confirmation.isError && !order)) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" ta="center" gap="md">
          <PageTitle title={t('success.notFoundTitle')} mb={0} />
          <Alert color="red" role="alert">
            {sessionId ? errorMessage(confirmation.error) : t('success.noSession')}
          </Alert>
          <Group justify="center">
            <Button component={Link} to={paths.myCourses()}>
              {t('success.goToMyCourses')}
            </Button>
            <Button component={Link} to={paths.cart()} variant="default">
              {t('failed.backToCart')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  if (!paid) {
    const closed = order && order.status !== 'unpaid';
    // The polling stops after CONFIRM_MAX_ATTEMPTS answers; the webhook may still grant later.
    const attempts = queryClient.getQueryState(orderKeys.confirmation(sessionId))?.dataUpdateCount ?? 0;
    const gaveUp = order?.status === 'unpaid' && attempts >= CONFIRM_MAX_ATTEMPTS;
    return (
      <Container size="sm" py="xl">
        <Stack align="center" ta="center" gap="md">
          <PageTitle title={closed ? t('failed.title') : t('success.confirmingTitle')} mb={0} />
          {closed ? (
            <Button component={Link} to={paths.cart()} size="md">
              {t('failed.backToCart')}
            </Button>
          ) : (
            <Stack align="center" gap="sm" role="status">
              {gaveUp ? null : <Loader aria-hidden="true" />}
              <Text size="lg">{gaveUp ? t('success.stillConfirming') : t('success.confirming')}</Text>
              {gaveUp ? (
                <Button component={Link} to={paths.myCourses()}>
                  {t('success.goToMyCourses')}
                </Button>
              ) : null}
            </Stack>
          )}
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack align="center" ta="center" gap="lg">
        <PageTitle title={t('success.title')} mb={0} />
        {/* A grid whose rows share one height: every course's card is as tall as the tallest (a long title no longer makes one card taller). */}
        <Box
          component="ul"
          w="100%"
          aria-label={t('success.items')}
          style={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 260px))',
            gridAutoRows: '1fr',
            justifyContent: 'center',
            gap: 'var(--mantine-spacing-md)',
          }}
        >
          {order.items.map((item) => (
            <Paper component="li" key={item.courseId} withBorder radius="md" p="sm" h="100%">
              <CourseThumb src={item.imageUrl} h={120} />
              <Text fw={600} mt="sm">
                {item.title}
              </Text>
            </Paper>
          ))}
        </Box>
        <Text size="lg">{t('success.enjoy')}</Text>
        <Button component={Link} to={paths.myCourses()} size="md">
          {t('success.goToMyCourses')}
        </Button>
      </Stack>
    </Container>
  );
}
