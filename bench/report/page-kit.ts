// The DOM helpers both report pages draw with (page-report.ts, page-compare.ts). Serialised into the page beside the
// drawing function (html.ts), so, like it, free of imports and outer references.

export interface PageKit {
  /** An element with optional text and class. */
  el(tag: string, text?: string, cls?: string): HTMLElement;
  /** The page's title, its heading and the list of facts about the run(s) under it. */
  header(title: string, meta: { label: string; value: string }[]): void;
  /** A titled section (with an optional note) appended to the report. */
  section(title: string, note?: string): HTMLElement;
  /** A table appended to `parent`: a header row, then a row per entry of cells as [text, class]. */
  table(parent: HTMLElement, heads: string[], rows: [string, string?][][]): void;
  /** A captioned figure appended to `parent`: the chart, or `empty` in its place when there is none. */
  figure(parent: HTMLElement, caption: string, chart: Element | null, empty: string): void;
}

export function pageKit(): PageKit {
  const root = document.getElementById('report') as HTMLElement;
  const el = (tag: string, text?: string, cls?: string): HTMLElement => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const section = (title: string, note?: string): HTMLElement => {
    const s = el('section');
    s.append(el('h2', title));
    if (note) s.append(el('p', note, 'note'));
    root.append(s);
    return s;
  };
  const figure = (parent: HTMLElement, caption: string, chart: Element | null, empty: string): void => {
    const f = el('figure');
    f.append(el('figcaption', caption));
    f.append(chart ?? el('p', empty, 'empty'));
    parent.append(f);
  };
  const header = (title: string, meta: { label: string; value: string }[]): void => {
    document.title = title;
    root.append(el('h1', title));
    const dl = el('dl', undefined, 'meta');
    for (const m of meta) dl.append(el('dt', m.label), el('dd', m.value));
    root.append(dl);
  };
  const table = (parent: HTMLElement, heads: string[], rows: [string, string?][][]): void => {
    const t = el('table');
    const head = el('tr');
    for (const h of heads) head.append(el('th', h));
    t.append(head);
    for (const cells of rows) {
      const tr = el('tr');
      for (const [text, cls] of cells) tr.append(el('td', text, cls));
      t.append(tr);
    }
    parent.append(t);
  };
  return { el, header, section, table, figure };
}
