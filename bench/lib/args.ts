export const SECTIONS = [
  'bundle',
  'micro',
  'render',
  'lighthouse',
  'fanout',
  'engine',
  'feeds',
  'cluster',
  'interactions',
  'copy',
] as const;
export type Section = (typeof SECTIONS)[number];

/** What a run was asked for: with no options, every section of a full run, pinned, failing on a regression. */
const DEFAULT_ARGS = {
  quick: false,
  sections: [...SECTIONS] as Section[],
  cases: null as string[] | null,
  updateBaseline: false,
  failOnRegression: true,
  pin: true,
  help: false,
  /** A full run always does. */
  report: false,
  /** Runs nothing. */
  reportFrom: null as string | null,
  /** Runs nothing. */
  compare: null as [string, string] | null,
  /** bench/README.md "Render quick". */
  renderQuick: false,
};
export type BenchArgs = typeof DEFAULT_ARGS;

export const RENDER_QUICK_CASES = ['phone-6x', 'desktop-1x-5k'];

export const USAGE = `npm run bench [-- options]

  --quick              shorter windows, fewer alternations (< 5 min); compared with the quick baseline
  --render-quick       the list, /trade and the desk, the app (worker) against its floor page, quick windows, with
                       the HTML report (about 5 min)
  --only=a,b           sections to run: ${SECTIONS.join(', ')} (default: all)
  --cases=a,b          render cases: phone-6x (with its 1× follow-up), phone-6x-stress, phone-4x-multi-2000, phone-4x-multi-300, desktop-1x-5k (default: all)
  --update-baseline    accept this run's figures as bench/baseline.json for its profile
  --no-fail            print regressions but exit 0
  --no-pin             do not confine the browser and the server to one core each (taskset)
  --report             also write the HTML report (bench/results/tmp/; a full run always writes it)
  --report FILE.json   only build the HTML report of an existing results file (in bench/results/tmp/)
  --compare A.json B.json
                       only print the differences of two results files with their spread, and plot them
                       (bench/results/tmp/compare/compare-A-vs-B.html)
  --help               this text`;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const out: BenchArgs = { ...DEFAULT_ARGS, sections: [...SECTIONS] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const next = argv[i + 1];
    if (a === '--quick') out.quick = true;
    else if (a === '--render-quick') {
      out.renderQuick = true;
      out.quick = true;
      out.report = true;
      out.sections = ['render'];
      out.cases = [...RENDER_QUICK_CASES];
    } else if (a === '--report' || a.startsWith('--report=')) {
      const file = a.startsWith('--report=') ? a.slice(9) : next?.endsWith('.json') ? next : null;
      if (file && a === '--report') i++;
      if (file) out.reportFrom = file;
      else out.report = true;
    } else if (a === '--compare') {
      const b = argv[i + 2];
      if (!next || !b || next.startsWith('--') || b.startsWith('--'))
        throw new Error(`--compare needs two results files\n\n${USAGE}`);
      out.compare = [next, b];
      i += 2;
    } else if (a === '--update-baseline') out.updateBaseline = true;
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
