// A text node bound to a signal outside React: a tick rewrites its data and no component re-renders.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { effect, type ReadonlySignal } from '@preact/signals-react';
import './live-text.css';

export interface LiveTextProps {
  $text: ReadonlySignal<string>;
  $dir?: ReadonlySignal<string>; // written to data-dir (CSS colours up/down)
  className?: string;
  field?: string; // data-field, for tests and browser checks
  /** A sentence: its isolate takes its first letter's direction, or Arabic "حتى 01:26 ص" lays out backwards. */
  prose?: boolean;
  /** A fixed box as wide as the text in tabular figures: a new text of the same length changes no layout outside it. */
  box?: boolean;
  /** Shown while the text is '' (no quote yet): written, not a CSS `:empty` rule, which restyles on every write. */
  empty?: string;
}

/** The box's width in characters: never less than the '--' shown while empty. */
export const boxChars = (text: string): number => Math.max(text.length, 2);

const TEXT_NODE = 3;

export function LiveText({
  $text,
  $dir,
  className,
  field,
  prose = false,
  box = false,
  empty = '',
}: LiveTextProps): ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const textBox = textRef.current;
    if (!el || !textBox) return undefined;
    // React renders no children here; a node already there is the boot paint (src/boot/inline-paint.ts): no blink.
    const node =
      textBox.firstChild?.nodeType === TEXT_NODE
        ? (textBox.firstChild as Text)
        : textBox.appendChild(el.ownerDocument.createTextNode(''));
    let chars = -1;
    const stopText = effect(() => {
      const text = $text.value || empty;
      if (node.data !== text) node.data = text;
      // A style write only when the length changes: the same length keeps the same box (no style or outer layout).
      if (box && boxChars(text) !== chars) {
        chars = boxChars(text);
        textBox.style.setProperty('--live-chars', String(chars));
      }
    });
    // Its own effect: a tick that changes the text but not the direction writes no attribute (no style work).
    const stopDir = $dir
      ? effect(() => {
          el.dataset.dir = $dir.value;
        })
      : undefined;
    return () => {
      stopText();
      stopDir?.();
      node.remove();
    };
  }, [$text, $dir, box, empty]);
  return (
    <span ref={ref} className={className} data-field={field}>
      {/* '' as text content: React then leaves whatever text the prerendered page painted here when it attaches. */}
      <bdi
        ref={textRef}
        className={prose ? undefined : box ? 'num tw-live-box' : 'num'}
        dir={prose ? 'auto' : undefined}
        suppressHydrationWarning
      >
        {''}
      </bdi>
    </span>
  );
}
