// Arrows everywhere (each move announced), dragging on the desk; the move is the watchlist's (optimistic).
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { useLayoutEffect, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { moveWatch } from '../../state/market/watchlist.ts';
import type { Instrument } from '../../../domain/types.ts';
import { InstrumentLogo } from '../../components/instrument/instrument-logo.tsx';
import '../../components/icons/icon-button.css';
import './watchlist.css';
import { ICON_CHEVRON } from '../../components/icons/screen-icons.ts';

type Dir = 'up' | 'down';

export function FavouritesOrder(p: { items: readonly Instrument[]; draggable: boolean }): ReactElement {
  const { items } = p;
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: number; dir: Dir } | null>(null);

  // A moved line is re-inserted by React, which drops its focus: give it back (the other arrow at either end).
  useLayoutEffect(() => {
    const want = refocus.current;
    if (!want) return;
    refocus.current = null;
    const line = list.current?.querySelector(`[data-id="${want.id}"]`);
    const button =
      line?.querySelector<HTMLButtonElement>(`[data-dir="${want.dir}"]:not(:disabled)`) ??
      line?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    button?.focus();
  }, [items]);

  const moveTo = (inst: Instrument, to: number, dir?: Dir): void => {
    if (dir) refocus.current = { id: inst.Id, dir };
    setSaid(t('watchlist.moved', { code: inst.ShowCode, position: to + 1 }));
    void moveWatch(inst.Id, to);
  };

  const drag = (inst: Instrument, index: number) =>
    p.draggable
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            setDragId(inst.Id);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', inst.ShowCode);
          },
          onDragOver: (e: DragEvent) => {
            e.preventDefault(); // a drop target
            setOverId(inst.Id);
          },
          onDragEnd: () => {
            setDragId(null);
            setOverId(null);
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const dragged = items.find((x) => x.Id === dragId);
            setDragId(null);
            setOverId(null);
            if (dragged && dragged.Id !== inst.Id) moveTo(dragged, index);
          },
        }
      : {};

  return (
    <>
      <ol ref={list} className="wl-order" aria-label={t('watchlist.order_label')}>
        {items.map((inst, i) => (
          <li
            key={inst.Id}
            data-id={inst.Id}
            className="wl-item"
            data-drop={overId === inst.Id && dragId !== inst.Id ? 'true' : undefined}
            {...drag(inst, i)}
          >
            <InstrumentLogo src={inst.Logo} label={inst.ShowCode} size={28} />
            <span className="wl-item-code">{shownCode(t, inst.Code, inst.ShowCode)}</span>
            {(['up', 'down'] as const).map((dir) => (
              <button
                key={dir}
                type="button"
                className={`icon-button wl-move wl-move-${dir}`}
                data-dir={dir}
                disabled={dir === 'up' ? i === 0 : i === items.length - 1}
                aria-label={t(`watchlist.move_${dir}`, { code: inst.ShowCode })}
                onClick={() => moveTo(inst, dir === 'up' ? i - 1 : i + 1, dir)}
              >
                <Icon icon={ICON_CHEVRON} size={20} />
              </button>
            ))}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </>
  );
}
