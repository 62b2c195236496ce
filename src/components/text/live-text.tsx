// A text node bound to a signal outside React: a tick rewrites the node's data (and a data-dir attribute), and
// no component re-renders. Used for every figure that follows the feed (P&L, current price, equity); the text sits in
// an inline left-to-right isolate (.num), so the outer span keeps its layout and a sign stays left in Arabic.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { effect, type ReadonlySignal } from '@preact/signals-react';

export interface LiveTextProps {
  $text: ReadonlySignal<string>;
  $dir?: ReadonlySignal<string>; // written to data-dir (CSS colours up/down)
  className?: string;
  field?: string; // data-field, for tests and browser checks
  /**
   * A sentence rather than a figure ("as of 14:02"): its isolate takes the direction of its first letter instead of
   * .num's left to right, or Arabic's "حتى 01:26 ص" is laid out backwards.
   */
  prose?: boolean;
}

const TEXT_NODE = 3;

export function LiveText({ $text, $dir, className, field, prose = false }: LiveTextProps): ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const box = textRef.current;
    if (!el || !box) return undefined;
    // React renders no children here, so this node is ours alone; writing .data keeps the same node per tick. A node
    // already there is index.html's last-known price (src/boot/inline-paint.ts), adopted so the text never blinks.
    const node =
      box.firstChild?.nodeType === TEXT_NODE
        ? (box.firstChild as Text)
        : box.appendChild(el.ownerDocument.createTextNode(''));
    const stopText = effect(() => {
      const text = $text.value;
      if (node.data !== text) node.data = text;
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
  }, [$text, $dir]);
  return (
    <span ref={ref} className={className} data-field={field}>
      {/* '' as text content: React then leaves whatever text the prerendered page painted here when it attaches. */}
      <bdi
        ref={textRef}
        className={prose ? undefined : 'num'}
        dir={prose ? 'auto' : undefined}
        suppressHydrationWarning
      >
        {''}
      </bdi>
    </span>
  );
}
