import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A line's list price struck through, beside the discounted price the caller shows after it. A
 * screen reader does not announce the strike, so the price is named in words too ("List price:").
 */
export function ListPrice({ price }: { price: string }) {
  const { t } = useTranslation();
  return (
    <>
      <VisuallyHidden>{`${t('discount.listPrice')}: `}</VisuallyHidden>
      <Text component="s" size="xs" mr={6}>
        {price}
      </Text>
    </>
  );
}
