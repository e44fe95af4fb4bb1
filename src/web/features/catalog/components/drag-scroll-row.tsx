import { ActionIcon, Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../../shared/limits';
import { ChevronDownIcon } from '../../../components/icons';
import classes from './drag-scroll-row.module.css';

type Drag = { pointerId: number; startX: number; startScroll: number; active: boolean };

/**
 * A row of items that scrolls sideways: by touch or trackpad as usual, by dragging with the
 * mouse once it has moved 10 px (so a click on a card is still a click), and by the two
 * arrow buttons, which are enabled according to where the row is once scrolling has
 * stopped for 300 ms (spec section 9).
 */
export function DragScrollRow({ children, label }: { children: ReactNode; label: string }) {
  const { t } = useTranslation('catalog');
  const rowRef = useRef<HTMLUListElement>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [dragging, setDragging] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    setEdges({ start: row.scrollLeft <= 1, end: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1 });
  }, []);
  const onScrollEnd = useDebouncedCallback(measure, limits.dragScrollDebounceMs);

  useEffect(() => {
    measure();
    window.addEventListener('resize', onScrollEnd);
    return () => window.removeEventListener('resize', onScrollEnd);
  }, [measure, onScrollEnd, children]);

  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    // Touch and pen scroll natively; only a mouse needs dragging.
    if (event.pointerType !== 'mouse' || event.button !== 0 || !rowRef.current) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startScroll: rowRef.current.scrollLeft, active: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const current = drag.current;
    const row = rowRef.current;
    if (!current || !row || current.pointerId !== event.pointerId) return;
    const distance = event.clientX - current.startX;
    if (!current.active) {
      if (Math.abs(distance) < limits.dragScrollActivationPx) return;
      current.active = true;
      setDragging(true);
      row.setPointerCapture(event.pointerId);
    }
    row.scrollLeft = current.startScroll - distance;
  };
  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.active) return;
    // The drag ends with a click on whatever is under the pointer: that click is not meant.
    suppressClick.current = true;
    setDragging(false);
    rowRef.current?.releasePointerCapture(event.pointerId);
  };

  const scrollByPage = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (!row) return;
    row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  return (
    <div>
      <Group justify="flex-end" gap="xs" mb="xs">
        <ActionIcon variant="default" radius="xl" size="lg" aria-label={t('home.scrollPrevious')} disabled={edges.start} onClick={() => scrollByPage(-1)}>
          <ChevronDownIcon size={18} style={{ transform: 'rotate(90deg)' }} />
        </ActionIcon>
        <ActionIcon variant="default" radius="xl" size="lg" aria-label={t('home.scrollNext')} disabled={edges.end} onClick={() => scrollByPage(1)}>
          <ChevronDownIcon size={18} style={{ transform: 'rotate(-90deg)' }} />
        </ActionIcon>
      </Group>
      <ul
        ref={rowRef}
        aria-label={label}
        className={`${classes.row} ${dragging ? classes.dragging : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onScroll={onScrollEnd}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        {children}
      </ul>
    </div>
  );
}
