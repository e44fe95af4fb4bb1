import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The full address of a link the API gives relative to the site (`/course/7?cupon=X`). */
export const absoluteLink = (link: string) => new URL(link, window.location.origin).toString();

/** "Copiar enlace" for a shareable address; `name` says which (the coupon's code, the course's title). */
export function CopyLinkButton({ link, name }: { link: string; name: string }) {
  const { t } = useTranslation('coupons');
  return (
    <CopyButton value={absoluteLink(link)}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy} aria-label={copied ? t('copy.copied') : t('copy.label', { name })}>
          {copied ? t('copy.copied') : t('copy.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
