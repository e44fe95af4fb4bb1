import { Highlight, TextInput, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format-time';
import { cueIndexAt, type VttCue } from '../../lib/webvtt';
import classes from './video-player.module.css';

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The captions as a list of timed lines: a click jumps there, the line being spoken is marked
 * (aria-current) and kept in view by scrolling the list only (never the page), a search box
 * keeps the lines that contain its words.
 */
export function Transcript({ cues, currentTime, onSeek, language }: { cues: VttCue[]; currentTime: number; onSeek: (time: number) => void; language: string }) {
  const { t } = useTranslation('videoPlayer');
  const headingId = useId();
  const [query, setQuery] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const active = cueIndexAt(cues, currentTime);
  const needle = normalise(query.trim());
  const shown = useMemo(() => cues.map((cue, index) => ({ cue, index })).filter(({ cue }) => !needle || normalise(cue.text).includes(needle)), [cues, needle]);

  useEffect(() => {
    const container = list.current;
    const line = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !line) return;
    const top = line.offsetTop;
    const bottom = top + line.offsetHeight;
    if (top < container.scrollTop || bottom > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [active]);

  return (
    <section className={classes.transcript} aria-labelledby={headingId} lang={language}>
      <Title order={2} size="h4" id={headingId}>
        {t('transcript')}
      </Title>
      <TextInput type="search" label={t('transcriptSearch')} value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      {shown.length === 0 ? (
        <Text size="sm" role="status">
          {t('transcriptNoMatch')}
        </Text>
      ) : null}
      <ul className={classes.lines} ref={list}>
        {shown.map(({ cue, index }) => (
          <li key={index}>
            <button type="button" className={classes.line} aria-current={index === active ? 'true' : undefined} onClick={() => onSeek(cue.start)}>
              <span className={classes.lineTime}>{formatTime(cue.start)}</span>
              <Highlight component="span" highlight={query.trim()} size="sm">
                {cue.text}
              </Highlight>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
