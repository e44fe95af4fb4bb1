import { Alert, Button, Checkbox, Group, NumberInput, Radio, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { couponLimits } from '../../../shared/limits';
import { createCouponBody, type Coupon, type CreateCouponBody } from '../../../shared/schemas/coupons';
import { toast } from '../../components/toasts';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';

type Values = {
  code: string;
  discountKind: CreateCouponBody['discountKind'];
  /** A whole percentage, or dollars (two decimals at most) for an amount. */
  value: number | string;
  scope: 'all' | 'some';
  courseIds: string[];
  /** `<input type="datetime-local">` values, in the teacher's time zone; empty: now / never. */
  startsAt: string;
  endsAt: string;
  maxUses: number | string;
  maxUsesPerBuyer: number | string;
};

const initialValues: Values = { code: '', discountKind: 'percent', value: '', scope: 'all', courseIds: [], startsAt: '', endsAt: '', maxUses: '', maxUsesPerBuyer: '' };

type Field = 'code' | 'discountValue' | 'courseIds' | 'startsAt' | 'endsAt' | 'maxUses' | 'maxUsesPerBuyer';
const fields: readonly Field[] = ['code', 'discountValue', 'courseIds', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerBuyer'];

const optionalNumber = (value: number | string) => (value === '' ? null : Number(value));

/** A local date and time as the API writes it (an instant with its offset); an unreadable one stays unreadable, for the schema to refuse. */
const instant = (local: string) => {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** Dollars to cents; a third decimal is no amount (NaN, refused by the schema). */
function cents(dollars: number) {
  const value = dollars * 100;
  return Math.abs(value - Math.round(value)) < 1e-6 ? Math.round(value) : Number.NaN;
}

function toBody(values: Values) {
  const value = values.value === '' ? Number.NaN : Number(values.value);
  return {
    code: values.code.trim(),
    discountKind: values.discountKind,
    discountValue: values.discountKind === 'percent' ? value : cents(value),
    courseIds: values.scope === 'all' ? null : values.courseIds.map(Number),
    startsAt: instant(values.startsAt),
    endsAt: instant(values.endsAt),
    maxUses: optionalNumber(values.maxUses),
    maxUsesPerBuyer: optionalNumber(values.maxUsesPerBuyer),
  };
}

export type CouponCreation = {
  mutate: (body: CreateCouponBody, options: { onSuccess: (coupon: Coupon) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

type CouponFormProps = {
  create: CouponCreation;
  /** The courses a coupon may name; none: only "all". */
  courses: readonly { id: number; title: string }[];
  allText: string;
  someText: string;
  /** The form's heading ("Nuevo cupón" by default) and its level on the page. */
  title?: string;
  headingOrder?: 2 | 3;
};

/** The new coupon's form: code, percentage or amount, courses, dates and caps; each field's error in the reader's language. */
export function CouponForm({ create, courses, allText, someText, title, headingOrder = 3 }: CouponFormProps) {
  const { t } = useTranslation('coupons');
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const messageFor = (field: Field) => {
    if (field === 'discountValue') return values.discountKind === 'percent' ? t('form.errors.discountPercent') : t('form.errors.discountAmount');
    if (field === 'courseIds') return t('form.errors.courses');
    return t(`form.errors.${field}`);
  };
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors({});
    setFormError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCouponBody.safeParse(toBody(values));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (fields.includes(field)) found[field] ??= messageFor(field);
      }
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (coupon) => {
        setValues(initialValues);
        toast.success(t('form.created', { code: coupon.code }));
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          const found: Partial<Record<Field, string>> = {};
          for (const field of Object.keys(error.fields)) if (fields.includes(field as Field)) found[field as Field] = messageFor(field as Field);
          if (Object.keys(found).length) return setErrors(found);
        }
        if (isApiError(error) && error.code === 'COUPON_CODE_TAKEN') return setErrors({ code: errorMessage(error) });
        setFormError(errorMessage(error));
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={headingOrder} size="h4" id={headingId}>
        {title ?? t('form.title')}
      </Title>
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.code')}
              description={t('form.codeHint')}
              required
              value={values.code}
              onChange={(event) => set('code', event.currentTarget.value)}
              error={errors.code}
              maxLength={couponLimits.codeMax}
              autoComplete="off"
              spellCheck={false}
            />
            <Radio.Group label={t('form.kind')} value={values.discountKind} onChange={(kind) => set('discountKind', kind as Values['discountKind'])}>
              <Group gap="md" mt={6}>
                <Radio value="percent" label={t('form.percent')} />
                <Radio value="amount" label={t('form.amount')} />
              </Group>
            </Radio.Group>
            <NumberInput
              label={values.discountKind === 'percent' ? t('form.valuePercent') : t('form.valueAmount')}
              required
              value={values.value}
              onChange={(value) => set('value', value)}
              error={errors.discountValue}
              min={values.discountKind === 'percent' ? 1 : 0.01}
              max={values.discountKind === 'percent' ? 100 : undefined}
              allowDecimal={values.discountKind === 'amount'}
              decimalScale={values.discountKind === 'amount' ? 2 : undefined}
              allowNegative={false}
            />
            <Stack gap={6}>
              <Radio.Group label={t('form.courses')} value={values.scope} onChange={(scope) => set('scope', scope as Values['scope'])}>
                <Group gap="md" mt={6}>
                  <Radio value="all" label={allText} />
                  {courses.length > 0 ? <Radio value="some" label={someText} /> : null}
                </Group>
              </Radio.Group>
              {values.scope === 'some' ? (
                <Checkbox.Group label={t('form.pickCourses')} value={values.courseIds} onChange={(ids) => set('courseIds', ids)} error={errors.courseIds}>
                  <Stack gap={4} mt={6} mah={240} style={{ overflowY: 'auto' }}>
                    {courses.map((course) => (
                      <Checkbox key={course.id} value={String(course.id)} label={course.title} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ) : null}
            </Stack>
            <TextInput
              type="datetime-local"
              label={t('form.startsAt')}
              description={t('form.startsAtHint')}
              value={values.startsAt}
              onChange={(event) => set('startsAt', event.currentTarget.value)}
              error={errors.startsAt}
            />
            <TextInput
              type="datetime-local"
              label={t('form.endsAt')}
              description={t('form.endsAtHint')}
              value={values.endsAt}
              onChange={(event) => set('endsAt', event.currentTarget.value)}
              error={errors.endsAt}
            />
            <NumberInput
              label={t('form.maxUses')}
              description={t('form.maxUsesHint')}
              value={values.maxUses}
              onChange={(value) => set('maxUses', value)}
              error={errors.maxUses}
              min={1}
              max={couponLimits.maxUsesMax}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberInput
              label={t('form.maxUsesPerBuyer')}
              description={t('form.maxUsesPerBuyerHint')}
              value={values.maxUsesPerBuyer}
              onChange={(value) => set('maxUsesPerBuyer', value)}
              error={errors.maxUsesPerBuyer}
              min={1}
              max={couponLimits.maxUsesPerBuyerMax}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
