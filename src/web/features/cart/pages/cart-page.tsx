import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { CartItem } from '../../../../shared/schemas/cart';
import { useCart } from '../../../entities/cart/get-cart';
import { CourseThumb } from '../../../entities/courses/course-thumb';
import { PageTitle } from '../../../components/page-title';
import { usePriceLabel } from '../../../lib/money';
import { toast } from '../../../components/toasts';
import { useSession } from '../../../session/get-session';
import { errorMessage } from '../../../lib/error-message';
import { useClearCart } from '../../../entities/cart/clear-cart';
import { useRemoveFromCart } from '../../../entities/cart/remove-from-cart';

/** /shop — the signed-in user's cart: "Your Cart" table, total, Clear Cart and checkout (spec section 2). */
export function CartPage() {
  const { t } = useTranslation('cart');
  const { isSignedIn, isPending: sessionPending } = useSession();
  const cart = useCart({ enabled: isSignedIn });
  const remove = useRemoveFromCart();
  const clear = useClearCart();
  const priceLabel = usePriceLabel();
  const narrow = useMediaQuery('(max-width: 40em)');

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
        {narrow ? (
          // Phones: one card per course instead of a table too wide for the screen.
          <Stack gap="sm" component="ul" aria-label={t('caption', { count: items.length })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Paper component="li" key={item.courseId} withBorder radius="md" p="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <CourseThumb src={item.imageUrl} w={88} h={50} style={{ flexShrink: 0 }} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text component={Link} to={paths.course(item.courseId)} fw={600} c="inherit" td="underline">
                      {item.title}
                    </Text>
                    <Text size="sm" fw={600}>
                      {priceLabel(item.priceCents)}
                    </Text>
                    <Text size="sm" lineClamp={2}>
                      {item.description}
                    </Text>
                  </Stack>
                </Group>
                <Group justify="flex-end" mt="xs">
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
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Caption>{t('caption', { count: items.length })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.image')}</Table.Th>
                  <Table.Th>{t('columns.course')}</Table.Th>
                  <Table.Th>{t('columns.price')}</Table.Th>
                  <Table.Th>{t('columns.description')}</Table.Th>
                  <Table.Th>{t('columns.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.courseId}>
                    <Table.Td>
                      <CourseThumb src={item.imageUrl} w={96} h={54} />
                    </Table.Td>
                    <Table.Td>
                      <Text component={Link} to={paths.course(item.courseId)} fw={600} c="inherit" td="underline">
                        {item.title}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{priceLabel(item.priceCents)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={3}>
                        {item.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
