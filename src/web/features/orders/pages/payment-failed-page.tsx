import { Button, Container, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { cartKeys } from '../../../entities/cart/cart-keys';
import { PageTitle } from '../../../components/page-title';

/** /formpage/failed — the provider's cancel address: the payment did not go through; the cart is untouched. */
export function PaymentFailedPage() {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  useEffect(() => {
    // Back from another site: show the cart as the server has it.
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  }, [queryClient]);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <PageTitle title={t('failed.title')} mb={0} />
        <Text size="lg">{t('failed.text')}</Text>
        <Button component={Link} to={paths.cart()} size="md">
          {t('failed.backToCart')}
        </Button>
      </Stack>
    </Container>
  );
}
