import { Alert, Badge, Button, Center, Container, Group, Loader, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { Cart, CartItem } from '../../../../shared/schemas/cart';
import { useApplyCartCoupon } from '../../../entities/cart/apply-cart-coupon';
import { useRemoveCartCoupon } from '../../../entities/cart/remove-cart-coupon';
import { discountLabel } from '../../../entities/coupons/coupon-format';
import { forgetCoupon } from '../../../lib/coupon-link';
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
import { SignInRedirect } from '../../../components/sign-in-redirect';

function CourseLink({ item }: { item: CartItem }) {
  return (
    <Text component={Link} to={paths.course(item.courseId)} fw={600} c="inherit" td="underline">
      {item.title}
    </Text>
  );
}

/** The price to pay; a discounted line shows its list price struck through before it. */
function LinePrice({ item }: { item: CartItem }) {
  const { t } = useTranslation('cart');
  const priceLabel = usePriceLabel();
  if (item.discountCents === 0) return <>{priceLabel(item.priceCents)}</>;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Text component="s" size="sm" c="dimmed">
        <VisuallyHidden>{t('coupon.before')} </VisuallyHidden>
        {priceLabel(item.listPriceCents)}
      </Text>
      <Text component="span" fw={600} c="teal.9">
        {priceLabel(item.priceCents)}
      </Text>
    </Group>
  );
}

/** The coupon field, the coupon the cart holds (with why it takes nothing off, when it does not) and its removal. */
function CouponBox({ cart }: { cart: Cart }) {
  const { t, i18n } = useTranslation(['cart', 'errors']);
  const [code, setCode] = useState('');
  const apply = useApplyCartCoupon();
  const remove = useRemoveCartCoupon();
  const { coupon } = cart;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    apply.mutate(typed, {
      onSuccess: (next) => {
        setCode('');
        // A code typed here replaces one a link left waiting.
        forgetCoupon();
        toast.success(t('coupon.applied', { code: next.coupon?.code ?? typed }));
      },
    });
  };
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        forgetCoupon();
        apply.reset();
        toast.success(t('coupon.removed'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Stack gap="xs" maw={480}>
      <form method="post" onSubmit={onApply} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('coupon.label')}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (apply.isError) apply.reset();
            }}
            error={apply.isError ? errorMessage(apply.error) : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={apply.isPending} disabled={!code.trim()}>
            {t('coupon.apply')}
          </Button>
        </Group>
      </form>
      {coupon ? (
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>{t('coupon.current', { code: coupon.code })}</Text>
            <Badge color={coupon.problem ? 'gray' : 'teal'} variant="light">
              {discountLabel(coupon.discountKind, coupon.discountValue, i18n.language)}
            </Badge>
            <Button variant="subtle" color="red" size="xs" onClick={onRemove} loading={remove.isPending}>
              {t('coupon.remove')}
            </Button>
          </Group>
          {coupon.problem ? (
            <Alert color="yellow" role="status">
              {t('coupon.problem', { code: coupon.code, reason: t(`errors:codes.${coupon.problem}`) })}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Subtotal and discount (when a coupon takes something off), then the total to pay. */
function Totals({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  const priceLabel = usePriceLabel();
  return (
    <Stack gap={2} align="flex-end">
      {cart.discountCents > 0 ? (
        <>
          <Text data-testid="cart-subtotal">
            {t('coupon.subtotal')}: {priceLabel(cart.listTotalCents)}
          </Text>
          <Text data-testid="cart-discount" c="teal.9">
            {t('coupon.discount')}: −{priceLabel(cart.discountCents)}
          </Text>
        </>
      ) : null}
      <Text size="lg" fw={700} data-testid="cart-total">
        {t('total')}: {priceLabel(cart.totalCents)}
      </Text>
    </Stack>
  );
}

/** /shop — the signed-in user's cart: "Your Cart" table, total, Clear Cart and checkout (spec section 2). */
export function CartPage() {
  const { t } = useTranslation('cart');
  const { isSignedIn, isPending: sessionPending } = useSession();
  const cart = useCart({ enabled: isSignedIn });
  const remove = useRemoveFromCart();
  const clear = useClearCart();

  // The cart icon sends visitors to sign in; so does a direct visit.
  if (!sessionPending && !isSignedIn) return <SignInRedirect />;

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
    const { items } = cart.data;
    content = (
      <Stack gap="lg">
        <DataTable
          columns={[
            { key: 'image', header: t('columns.image'), cell: (item) => <CourseThumb src={item.imageUrl} w={96} h={54} /> },
            { key: 'course', header: t('columns.course'), cell: (item) => <CourseLink item={item} /> },
            { key: 'price', header: t('columns.price'), nowrap: true, cell: (item) => <LinePrice item={item} /> },
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
                  <Text size="sm" fw={600} component="div">
                    <LinePrice item={item} />
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
        <CouponBox cart={cart.data} />
        <Group justify="space-between" wrap="wrap" gap="md" align="flex-end">
          <Button variant="default" color="red" onClick={onClear} loading={clear.isPending}>
            {t('clear')}
          </Button>
          <Group gap="md" wrap="wrap" align="flex-end">
            <Totals cart={cart.data} />
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
