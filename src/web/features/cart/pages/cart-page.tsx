import { Alert, Button, Center, Container, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { CartItem } from '../../../../shared/schemas/cart';
import { useCart } from '../../../entities/cart/get-cart';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { DataTable } from '../../../components/data-table';
import { PageTitle } from '../../../components/page-title';
import { usePriceLabel } from '../../../lib/money';
import { toast } from '../../../components/toasts';
import { useSession } from '../../../session/get-session';
import { errorMessage } from '../../../lib/error-message';
import { useClearCart } from '../../../entities/cart/clear-cart';
import { useRemoveFromCart } from '../../../entities/cart/remove-from-cart';

function CourseLink({ item }: { item: CartItem }) {
  return (
    <Text component={Link} to={paths.course(item.courseId)} fw={600} c="inherit" td="underline">
      {item.title}
    </Text>
  );
}

/** /shop — the signed-in user's cart: "Your Cart" table, total, Clear Cart and checkout (spec section 2). */
export function CartPage() {
  const { t } = useTranslation('cart');
  const { isSignedIn, isPending: sessionPending } = useSession();
  const cart = useCart({ enabled: isSignedIn });
  const remove = useRemoveFromCart();
  const clear = useClearCart();
  const priceLabel = usePriceLabel();

  // The cart icon sends visitors to sign in; so does a direct visit.
  if (!sessionPending && !isSignedIn) return <Navigate to={paths.register()} replace />;

  const onRemove = (item: CartItem) =>
    remove.mutate(item.courseId, {
      // Spec section 4: removing shows an error-style toast.
      onSuccess: () => toast.error(t('toast.deleted')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.error(t('toast.cleaned')),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const removeButton = (item: CartItem) => (
    <Button
      color="red"
      variant="light"
      size="xs"
      onClick={() => onRemove(item)}
      loading={remove.isPending && remove.variables === item.courseId}
      aria-label={t('removeCourse', { title: item.title })}
    >
      {t('remove')}
    </Button>
  );

  let content;
  if (cart.isPending) {
    content = (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
      </Center>
    );
  } else if (cart.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessage(cart.error)}
      </Alert>
    );
  } else if (cart.data.items.length === 0) {
    content = (
      <Stack align="center" py="xl" gap="md">
        <Text size="lg">{t('empty')}</Text>
        <Button component={Link} to={paths.allCourses()}>
          {t('addCourses')}
        </Button>
      </Stack>
    );
  } else {
    const { items, totalCents } = cart.data;
    content = (
      <Stack gap="lg">
        <DataTable
          columns={[
            { key: 'image', header: t('columns.image'), cell: (item) => <CourseThumb src={item.imageUrl} w={96} h={54} /> },
            { key: 'course', header: t('columns.course'), cell: (item) => <CourseLink item={item} /> },
            { key: 'price', header: t('columns.price'), nowrap: true, cell: (item) => priceLabel(item.priceCents) },
            {
              key: 'description',
              header: t('columns.description'),
              cell: (item) => (
                <Text size="sm" lineClamp={3}>
                  {item.description}
                </Text>
              ),
            },
            { key: 'action', header: t('columns.action'), cell: removeButton },
          ]}
          rows={items}
          rowKey={(item) => item.courseId}
          minWidth={640}
          verticalSpacing="sm"
          striped
          highlightOnHover
          caption={t('caption', { count: items.length })}
          // Phones: one card per course instead of a table too wide for the screen.
          card={(item) => (
            <>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <CourseThumb src={item.imageUrl} w={88} h={50} style={{ flexShrink: 0 }} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <CourseLink item={item} />
                  <Text size="sm" fw={600}>
                    {priceLabel(item.priceCents)}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {item.description}
                  </Text>
                </Stack>
              </Group>
              <Group justify="flex-end" mt="xs">
                {removeButton(item)}
              </Group>
            </>
          )}
        />
        <Group justify="space-between" wrap="wrap" gap="md">
          <Button variant="default" color="red" onClick={onClear} loading={clear.isPending}>
            {t('clear')}
          </Button>
          <Group gap="md" wrap="wrap">
            <Text size="lg" fw={700} data-testid="cart-total">
              {t('total')}: {priceLabel(totalCents)}
            </Text>
            <Button component={Link} to={paths.checkout()} size="md">
              {t('checkout')}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <PageTitle title={t('title')} />
      {content}
    </Container>
  );
}
