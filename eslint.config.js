// The rooms of docs/architecture.md as import boundaries, and the house rules: what no linter ships. Every other rule
// is oxlint's (.oxlintrc.json). Blocks are exported so lint-rooms.test.ts can fire each one.
import tseslint from 'typescript-eslint';

/** Pure domain code and the worker never need the browser app's shell. */
const UI_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/*',
  'react/*',
  '@preact/signals-react',
  '@preact/signals-react/*',
  'react-i18next',
  'react-router-dom',
  'virtua',
];

/** Only src/i18n/engine.ts (a lazy chunk) imports i18next: the first screen does not need it. */
const LAZY_I18NEXT = [
  {
    name: 'i18next',
    allowTypeImports: true,
    message:
      'Only src/i18n/engine.ts imports i18next (a lazy chunk); translate through src/i18n/index.ts or use-translation.ts.',
  },
  {
    name: 'react-i18next',
    message: 'Use src/i18n/use-translation.ts: react-i18next would bring i18next onto the first screen.',
  },
];

const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

const APP_PATTERNS = [
  // Types only, so the worker's code stays out of the main bundle; the main-thread fallback's dynamic import() passes.
  {
    regex: '(^|/)workers/(?!protocol\\.ts$)',
    allowTypeImports: true,
    message: 'The app imports the worker only as types (or workers/protocol.ts).',
  },
  { regex: '(^|/)server/', message: 'The app does not import the server.' },
];

const API_PATTERNS = [
  ...APP_PATTERNS,
  {
    regex: '^\\.\\./(app|pages|components)/',
    message: 'src/api is below the screens: it must not import src/app, pages or components.',
  },
];

const OTHER_PAGE =
  'A page imports its own folder only: move what pages share to src/components/<kind>/, src/state/ or domain/.';
/** No folder loop: src/app/ imports the pages and src/wide/ composes their panels; the desk comes via desk-slot.ts. */
const NO_APP = {
  regex: '^(\\.\\./)+(app|wide)/',
  message:
    'A page imports nothing of src/app/ or src/wide/ (they import the pages: a folder loop). Shared hooks live in src/components/hooks/; the desk comes through desk-slot.ts.',
};
const PAGE_PATTERNS = [
  NO_APP,
  // `../y/…` from src/pages/x/ is another page's folder.
  { regex: '^\\.\\./[^./][^/]*/', message: OTHER_PAGE },
  { regex: '(^|/)pages/', message: OTHER_PAGE },
];
/** From a page's sub-folder, `../chart/…` is its own page and `../../y/…` another. */
const PAGE_FOLDER_PATTERNS = [
  NO_APP,
  { regex: '^\\.\\./\\.\\./[^./][^/]*/', message: OTHER_PAGE },
  { regex: '(^|/)pages/', message: OTHER_PAGE },
];
const BELOW_PAGES = {
  regex: '(^|/)pages/',
  message: 'Components, state and texts sit below the pages: they import no page.',
};
const BELOW_APP = {
  regex: '^(\\.\\./)+(app|wide)/',
  message: 'Components, state and texts sit below the pages: they import nothing of src/app/ or src/wide/.',
};

const domainRoom = (name, files, outside) => ({
  name,
  files,
  rules: restrict([
    { group: outside, message: 'domain/ is pure: it imports nothing of the app, the worker or the server.' },
    {
      group: [...UI_PACKAGES, 'i18next', 'comlink', 'idb-keyval', 'lightweight-charts', 'fastify', 'pg', 'node:*'],
      message: 'domain/ is pure: no UI, I/O or server packages.',
    },
  ]),
});

const BACK_ROOMS = { server: 'server', workers: 'worker' };
const backRoom = (folder, other, uiMessage, paths = []) => ({
  name: `rooms/${folder}`,
  files: [`${folder}/**`],
  rules: restrict(
    [
      {
        regex: '(^|/)src/',
        message: `The ${BACK_ROOMS[folder]} imports nothing of src/ (the React app): what both use lives in domain/.`,
      },
      { regex: `(^|/)${other}/`, message: `The ${BACK_ROOMS[folder]} does not import the ${BACK_ROOMS[other]}.` },
      { group: UI_PACKAGES, message: uiMessage },
    ],
    paths,
  ),
});

/** The libraries of a part a server may never run: loaded with import() where the part first runs. */
const LAZY_SERVER_LIBRARIES = ['nats', 'nodemailer', 'sharp'].map((name) => ({
  name,
  allowTypeImports: true,
  message: `Load ${name} with import() where its part first runs, so a server starts without it (docs/architecture.md, convention 11).`,
}));

export const roomBlocks = [
  domainRoom('rooms/domain', ['domain/*'], ['../*', '../../*']),
  // Its folders (numerics/, format/) import each other with '../'; one more level leaves the room.
  domainRoom('rooms/domain-folders', ['domain/*/**'], ['../../*', '../../../*']),
  backRoom('server', 'workers', 'The server does not import UI packages.', LAZY_SERVER_LIBRARIES),
  backRoom('workers', 'server', 'The worker never imports React or signals: it only computes and posts.'),
  {
    name: 'rooms/app',
    files: ['src/**'],
    ignores: ['src/api/**'],
    rules: restrict(APP_PATTERNS, LAZY_I18NEXT),
  },
  // A page imports its own folder; what pages share lives below them, and the desk that composes them is src/wide/.
  {
    name: 'rooms/pages',
    files: ['src/pages/**'],
    rules: restrict([...APP_PATTERNS, ...PAGE_PATTERNS], LAZY_I18NEXT),
  },
  {
    name: 'rooms/page-folders',
    files: ['src/pages/*/*/**'],
    rules: restrict([...APP_PATTERNS, ...PAGE_FOLDER_PATTERNS], LAZY_I18NEXT),
  },
  {
    name: 'rooms/wide',
    files: ['src/wide/**'],
    rules: restrict(
      [
        ...APP_PATTERNS,
        {
          regex: '^(\\.\\./)+app/',
          message: 'The desk imports nothing of src/app/ (the router loads the desk): a folder loop.',
        },
      ],
      LAZY_I18NEXT,
    ),
  },
  {
    name: 'rooms/below-pages',
    files: ['src/components/**', 'src/state/**', 'src/chart/**', 'src/i18n/**'],
    rules: restrict([...APP_PATTERNS, BELOW_PAGES, BELOW_APP], LAZY_I18NEXT),
  },
  // The last block that names a file decides, so this one must come after the blocks above.
  {
    name: 'rooms/app-i18n-engine',
    files: ['src/i18n/engine.ts'],
    rules: restrict([...APP_PATTERNS, BELOW_PAGES, BELOW_APP]),
  },
  {
    name: 'rooms/api',
    files: ['src/api/**'],
    rules: restrict(API_PATTERNS, LAZY_I18NEXT),
  },
];

/** decimal.js stays inside domain/ so nobody's global config changes our rounding. */
const FORMATTER_MESSAGE =
  'Round and format through domain/ (numerics/round.ts, format/money-text.ts, format/price.ts, format/percent.ts, decimal.ts fixed/exactText, decimal-text.ts numberText).';
export const formatterBlocks = [
  {
    name: 'house/formatters',
    files: ['server/**', 'src/**', 'workers/**'],
    ignores: ['domain/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toFixed', 'toDecimalPlaces', 'toDP'].map((property) => ({ property, message: FORMATTER_MESSAGE })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'decimal.js',
              message: 'decimal.js is imported once, by domain/decimal.ts (the configured ProjectDecimal).',
            },
          ],
          patterns: [
            {
              group: ['**/domain/decimal.ts'],
              importNames: ['ProjectDecimal'],
              message: 'The Decimal constructor stays in domain/: use dec() and the formatters.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'house/decimal-library',
    files: ['domain/**'],
    ignores: ['domain/decimal.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'decimal.js',
              message: 'decimal.js is imported once, by domain/decimal.ts (the configured ProjectDecimal).',
            },
          ],
        },
      ],
    },
  },
];

/** Injected time, timers, frames and storage keep code testable with fakes (docs/architecture.md "Conventions"). */
const ADAPTERS = [
  'server/core/system-time.ts',
  'server/serve.ts', // its forced-exit timer outlives every service
  'src/state/shell/clock.ts',
  'src/state/shell/local-store.ts',
  'workers/feed/browser-deps.ts',
];
const ADAPTER_MESSAGE =
  'Time, timers, frames and storage come from an adapter (eslint.config.js ADAPTERS): take a Clock/Timers/Frames or localStore() instead.';
const HOST_GLOBALS = ['setTimeout', 'setInterval', 'requestAnimationFrame', 'localStorage'];
const SIGNAL_MESSAGE =
  'Create every signal with a name (signal(v, { name }), computed(fn, { name })) so a debugger shows what changed.';
const namedSignals = {
  selector: 'CallExpression[callee.name=/^(signal|computed|useSignal|useComputed)$/][arguments.length<2]',
  message: SIGNAL_MESSAGE,
};
const adapterSyntax = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: ADAPTER_MESSAGE },
  {
    selector: `MemberExpression[object.name=/^(globalThis|window|self)$/][property.name=/^(${HOST_GLOBALS.join('|')})$/]`,
    message: ADAPTER_MESSAGE,
  },
];
export const adapterBlocks = [
  {
    name: 'house/adapters',
    files: ['domain/**', 'server/**', 'src/**', 'workers/**'],
    ignores: ADAPTERS,
    rules: {
      'no-restricted-globals': ['error', ...HOST_GLOBALS.map((name) => ({ name, message: ADAPTER_MESSAGE }))],
      'no-restricted-syntax': ['error', ...adapterSyntax, namedSignals],
    },
  },
  { name: 'house/adapters-signals', files: ADAPTERS, rules: { 'no-restricted-syntax': ['error', namedSignals] } },
];

export default tseslint.config(
  // The rooms and the house rules are of the app, the worker, the server and domain/; eslint reads nothing else.
  { ignores: ['*', '!domain/', '!server/', '!src/', '!workers/'] },
  { ...tseslint.configs.base, files: ['**/*.ts', '**/*.tsx'] },
  ...roomBlocks,
  ...formatterBlocks,
  ...adapterBlocks,
);
