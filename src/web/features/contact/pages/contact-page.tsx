import { Alert, Button, Container, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { formNoticeFrom, type FormNotice } from '../../../../shared/form-notices';
import { limits } from '../../../../shared/limits';
import { paths } from '../../../../shared/paths';
import { contactMessageSchema, type ContactMessageInput } from '../../../../shared/schemas/contact';
import { showDialog } from '../../../components/dialogs';
import { PageTitle } from '../../../components/page-title';
import { toast } from '../../../components/toasts';
import { isApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrorMessage } from '../../../lib/error-message';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendMessage } from '../api/send-message';

type Field = keyof ContactMessageInput;

/**
 * What the message still needs: characters missing until the minimum, then characters left
 * before the maximum (or how many are too many), counted as the server counts them (trimmed).
 */
function messageCounter(length: number): { key: 'needed' | 'left' | 'over'; count: number } {
  if (length < limits.contactMessageMin) return { key: 'needed', count: limits.contactMessageMin - length };
  if (length <= limits.contactMessageMax) return { key: 'left', count: limits.contactMessageMax - length };
  return { key: 'over', count: length - limits.contactMessageMax };
}
const empty: ContactMessageInput = { email: '', name: '', message: '' };

/**
 * /contact — e-mail, name and a 10–350 character message, checked by the same schema as the
 * server. Send stays disabled until all three hold; on success the form clears, the app goes
 * home and a toast says "Message sent!". Until the app takes over (or without JavaScript) it is a
 * plain form posted to the server, which checks it alike and comes back here with `?notice=`.
 */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const navigate = useNavigate();
  const send = useSendMessage();
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  // Send waits for a valid form only once the app checks it; the server's page lets the browser post it.
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const notice = formNoticeFrom(searchParams.get('notice'));

  const parsed = contactMessageSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  const errorOf = (field: Field) => {
    const key = serverErrors[field] ?? (touched[field] ? errors[field] : undefined);
    return key ? fieldErrorMessage(key) : undefined;
  };
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors({});
  };
  const input = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => change(field, event.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: errorOf(field),
    required: true,
  });

  const submit = async () => {
    if (!parsed.success) return;
    try {
      await send.mutateAsync(parsed.data);
      setValues(empty);
      setTouched({});
      toast.success(t('sent'));
      await navigate(paths.home());
    } catch (failure) {
      if (isApiError(failure) && failure.fields) {
        const fields: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(failure.fields)) fields[field as Field] = messages[0];
        setServerErrors(fields);
      } else {
        await showDialog({ icon: 'error', title: errorMessage(failure) });
      }
    }
  };

  const counter = messageCounter(values.message.trim().length);
  return (
    <Container size="sm" py="xl">
      <PageTitle title={t('title')} />
      <Text mb="lg">{t('intro')}</Text>
      {notice ? <ContactNotice notice={notice} /> : null}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form
          noValidate
          method="post"
          action={endpoints.contactForm.path}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput label={t('fields.email')} type="email" autoComplete="email" {...input('email')} />
            <TextInput label={t('fields.name')} autoComplete="name" {...input('name')} />
            <Textarea
              label={t('fields.message')}
              rows={5}
              resize="vertical"
              description={t(`counter.${counter.key}`, { count: counter.count })}
              {...input('message')}
            />
            <Button type="submit" disabled={hydrated && !parsed.success} loading={send.isPending}>
              {t('submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/** What the form posted without JavaScript came back with (`?notice=<code>`), drawn by the server. */
function ContactNotice({ notice }: { notice: FormNotice }) {
  const { t } = useTranslation(['contact', 'errors']);
  if (notice === 'MESSAGE_SENT') {
    return <Alert color="teal" role="status" mb="lg" title={t('contact:sent')} />;
  }
  const title = notice === 'VALIDATION_FAILED' ? t('contact:notice.checkFields') : notice === 'RATE_LIMITED' ? t('errors:codes.RATE_LIMITED') : t('contact:notice.failed');
  return <Alert color="red" role="alert" mb="lg" title={title} />;
}
