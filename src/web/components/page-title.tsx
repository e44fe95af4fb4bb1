import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab's title to "<title> | <brand>" (just the brand without one), the format
 * the server uses on the first load, and follows language changes.
 */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    // document.title is outside React; an effect is the way to keep it in sync.
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}

type PageTitleProps = Omit<TitleProps, 'order' | 'children'> & {
  /** The page's heading, also used for the document title. */
  title: string;
  /** When the tab should read differently from the heading. */
  documentTitle?: string;
};

/** Every page's one <h1>, which also names the browser tab. */
export function PageTitle({ title, documentTitle, ...props }: PageTitleProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Title order={1} mb="lg" {...props}>
      {title}
    </Title>
  );
}
