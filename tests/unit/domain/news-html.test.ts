// The one news allow-list's URL rule (domain/news-html.ts), which both sanitisers apply: images https or a path on
// this site, links http(s)/mailto or a path, and nothing that only looks relative.
import { describe, expect, it } from 'vitest';
import { NEWS_URL_SCHEMES, newsUrlKept } from '../../../domain/news-html.ts';

describe('newsUrlKept', () => {
  it('keeps an https image and a same-site path, drops an http: image', () => {
    expect(newsUrlKept('src', 'https://cdn.example.com/a.png')).toBe(true);
    expect(newsUrlKept('src', ' /news/gold.svg ')).toBe(true);
    expect(newsUrlKept('src', 'http://plain.example/x.png')).toBe(false);
    expect(newsUrlKept('src', 'HTTP://plain.example/x.png')).toBe(false);
    expect(NEWS_URL_SCHEMES.src).toEqual(['https']);
  });

  it('keeps http(s) and mailto links', () => {
    for (const url of ['http://a.example/', 'https://a.example/', 'MailTo:a@b.co', '/news/detail'])
      expect(newsUrlKept('href', url), url).toBe(true);
  });

  it('drops other schemes, protocol-relative forms and relative text that hides a scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\/evil.example/x.png',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'x.png',
      '#top',
      '',
    ]) {
      expect(newsUrlKept('href', url), JSON.stringify(url)).toBe(false);
      expect(newsUrlKept('src', url), JSON.stringify(url)).toBe(false);
    }
  });
});
