// Turns a short story into real-looking HTML, so the seed data stays short.
const IMAGES = ['fx-desk', 'gold', 'crypto', 'energy', 'indices'] as const;

type Table = readonly (readonly string[])[]; // first row = header
type Link = { href: string; text: string };

export interface NewsStory {
  slug: string;
  /** Its English story's slug; absent: the story is an item of its own. */
  item?: string;
  lang: string;
  title: string;
  desc: string;
  image: (typeof IMAGES)[number];
  heading: string;
  paras: readonly string[];
  bullets: readonly string[];
  table?: Table;
  link?: Link;
}

/** A story file: a story's table or link may be the name of one of the file's shared ones. */
export interface StoryFile {
  tables?: Readonly<Record<string, Table>>;
  links?: Readonly<Record<string, Link>>;
  stories: ReadonlyArray<
    Omit<NewsStory, 'image' | 'table' | 'link'> & { image: string; table?: string | Table; link?: string | Link }
  >;
}

function shared<T>(parts: Readonly<Record<string, T>> | undefined, part: string | T | undefined): T | undefined {
  if (typeof part !== 'string') return part;
  const found = parts?.[part];
  if (!found) throw new Error(`news seed: no shared part ${part}`);
  return found;
}

export function loadStories(file: StoryFile): NewsStory[] {
  return file.stories.map((s) => {
    const image = IMAGES.find((i) => i === s.image);
    if (!image) throw new Error(`news seed ${s.slug}: no image ${s.image}`);
    return { ...s, image, table: shared(file.tables, s.table), link: shared(file.links, s.link) };
  });
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const newsImage = (image: NewsStory['image']): string => `/news/${image}.svg`;

export function storyHtml(s: NewsStory): string {
  const parts: string[] = [];
  const [first, ...rest] = s.paras;
  if (first) parts.push(`<p>${esc(first)}</p>`);
  parts.push(`<figure><img src="${newsImage(s.image)}" alt="${esc(s.title)}" width="800" height="400"></figure>`);
  parts.push(`<h2>${esc(s.heading)}</h2>`);
  for (const p of rest) parts.push(`<p>${esc(p)}</p>`);
  parts.push(`<ul>${s.bullets.map((b) => `<li>${esc(b)}</li>`).join('')}</ul>`);
  if (s.table && s.table.length > 1) {
    const [head, ...rows] = s.table;
    parts.push(
      `<table><thead><tr>${(head ?? []).map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>` +
        rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('') +
        '</tbody></table>',
    );
  }
  if (s.link) parts.push(`<p><a href="${esc(s.link.href)}">${esc(s.link.text)}</a></p>`);
  return parts.join('\n');
}
