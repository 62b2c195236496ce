// Command-line options of `npm run bench -- …`.

export const SECTIONS = ['bundle', 'micro', 'render', 'lighthouse', 'fanout', 'engine'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchArgs {
  quick: boolean;
  sections: Section[];
  cases: string[] | null;
  updateBaseline: boolean;
  failOnRegression: boolean;
  pin: boolean;
  help: boolean;
}

export const USAGE = `npm run bench [-- options]

  --quick              shorter windows, fewer alternations (< 5 min); compared with the quick baseline
  --only=a,b           sections to run: ${SECTIONS.join(', ')} (default: all)
  --cases=a,b          render cases: phone-6x (with the 4× follow-up in a full run), desktop-1x (default: both)
  --update-baseline    accept this run's figures as bench/baseline.json for its profile
  --no-fail            print regressions but exit 0
  --no-pin             do not confine the browser and the server to one core each (taskset)
  --help               this text`;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const out: BenchArgs = {
    quick: false,
    sections: [...SECTIONS],
    cases: null,
    updateBaseline: false,
    failOnRegression: true,
    pin: true,
    help: false,
  };
  for (const a of argv) {
    if (a === '--quick') out.quick = true;
    else if (a === '--update-baseline') out.updateBaseline = true;
    else if (a === '--no-fail') out.failOnRegression = false;
    else if (a === '--no-pin') out.pin = false;
    else if (a === '--help' || a === '-h') out.help = true;
    else if (a.startsWith('--only=')) {
      const wanted = a.slice(7).split(',').filter(Boolean);
      const bad = wanted.filter((w) => !(SECTIONS as readonly string[]).includes(w));
      if (bad.length) throw new Error(`unknown section(s): ${bad.join(', ')}\n\n${USAGE}`);
      out.sections = SECTIONS.filter((s) => wanted.includes(s));
    } else if (a.startsWith('--cases=')) out.cases = a.slice(8).split(',').filter(Boolean);
    else throw new Error(`unknown option ${a}\n\n${USAGE}`);
  }
  return out;
}
