import { Button, Group, VisuallyHidden, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { defaultLanguage, languageNames, languages, toLanguage } from '../../i18n/languages';

/** ES | EN: switches the interface at once and remembers the choice for later visits. */
export function LanguageSwitch(props: GroupProps) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage) ?? defaultLanguage;
  return (
    <Group role="group" aria-label={t('language.label')} gap={4} wrap="nowrap" {...props}>
      {languages.map((language) => {
        const selected = language === current;
        return (
          <Button
            key={language}
            size="compact-sm"
            variant={selected ? 'filled' : 'subtle'}
            aria-pressed={selected}
            // Read in its own language ("English" with an English voice).
            lang={language}
            onClick={() => void setLanguage(language)}
          >
            {/* The name is the visible "EN" followed by the language's own name: a speech-input
                user says what they see, a screen reader user hears which language it is. */}
            {language.toUpperCase()}
            <VisuallyHidden> {languageNames[language]}</VisuallyHidden>
          </Button>
        );
      })}
    </Group>
  );
}
