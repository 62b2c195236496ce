// DOM helpers of both report pages, serialised beside the drawing function, so free of imports and outer references.

export function pageKit() {
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
  /** `empty` stands in place of a missing chart. */
  const figure = (parent: HTMLElement, caption: string, chart: Element | null, empty: string): HTMLElement => {
    const f = el('figure');
    f.append(el('figcaption', caption), chart ?? el('p', empty, 'empty'));
    parent.append(f);
    return f;
  };
  const header = (title: string, meta: { label: string; value: string }[]): void => {
    document.title = title;
    root.append(el('h1', title));
    const dl = el('dl', undefined, 'meta');
    for (const m of meta) dl.append(el('dt', m.label), el('dd', m.value));
    root.append(dl);
  };
  /**
   * `columns`: the headers, separated by " | ", each with its cells' class after a colon ("goal:num"); a cell given
   * as [text, class] has its own. `empty` stands in place of a table with no rows.
   */
  const table = (parent: HTMLElement, columns: string, rows: (string | [string, string])[][], empty?: string): void => {
    if (!rows.length && empty !== undefined) {
      parent.append(el('p', empty, 'empty'));
      return;
    }
    const t = el('table');
    parent.append(t);
    const heads = columns.split(' | ').map((h) => h.split(':'));
    const head = el('tr');
    for (const [h] of heads) head.append(el('th', h));
    t.append(head);
    for (const cells of rows) {
      const tr = el('tr');
      cells.forEach((c, i) => tr.append(typeof c === 'string' ? el('td', c, heads[i]?.[1]) : el('td', c[0], c[1])));
      t.append(tr);
    }
  };
  return { el, header, section, table, figure };
}
