// `npm run bench -- …` options (bench/lib/args.ts): `--render-quick` is the render section alone on the list, /trade
// and the desk with quick windows and the HTML report; `--only` knows every section, feeds included.
import { describe, expect, it } from 'vitest';
import { parseArgs, RENDER_QUICK_CASES, SECTIONS, USAGE } from '../../../../bench/lib/args.ts';

describe('bench options', () => {
  it('--render-quick runs the render cases of the list, /trade and the desk, quick, with the report', () => {
    const a = parseArgs(['--render-quick']);
    expect(a).toMatchObject({ renderQuick: true, quick: true, report: true, sections: ['render'] });
    expect(a.cases).toEqual(RENDER_QUICK_CASES);
    expect(USAGE).toContain('--render-quick');
  });

  it('--only accepts every section, feeds too, and refuses an unknown one', () => {
    expect(parseArgs(['--only=feeds,fanout']).sections).toEqual(['fanout', 'feeds']);
    expect(parseArgs(['--only=copy']).sections).toEqual(['copy']);
    for (const s of SECTIONS) expect(USAGE).toContain(s);
    expect(() => parseArgs(['--only=nothing'])).toThrow(/unknown section/);
  });
});
