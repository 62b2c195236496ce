// Every path a build or lint setting names exists, so a setting cannot silently stop applying when code moves: the
// chunk groups of vite.config.ts, typed or not, inline or named (a group whose paths are gone groups nothing, and the
// first screen's chunks change without a word), its resolve.alias (a replacement that is gone, or a package no longer
// installed), the ESLint blocks' files and ignores (a room rule on a moved folder guards nothing), vitest's
// includes and excludes, the tsconfigs' include and paths, and .oxfmtrc.json's ignorePatterns. Build outputs and
// caches that a fresh clone does not have yet (dist/, .tmp/ …) are named below; everything else must match a file of
// the tree.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Minimatch } from 'minimatch';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import eslintConfig from '../../../eslint.config.js';

const ROOT = resolve(import.meta.dirname, '../../..');
/** What a build, a test run or a tool writes: named by the settings, absent from a fresh clone. */
const OUTPUTS = ['dist', 'data', '.tmp', 'test-artifacts', 'bench/results', 'node_modules'];

const tree: readonly string[] = globSync(['**/*'], {
  cwd: ROOT,
  dot: true,
  onlyFiles: false,
  ignore: ['node_modules/**', 'dist/**', '.git/**', '.tmp/**', 'data/**', 'test-artifacts/**', 'bench/results/**'],
});

const isOutput = (glob: string): boolean => OUTPUTS.some((o) => glob === o || glob.startsWith(`${o}/`));

/** True when the glob (gitignore-like: a bare name matches at any depth, a leading '!' takes back an ignore) names at
 * least one path of the tree. */
function namesSomething(glob: string): boolean {
  const g = glob.replace(/^!/, '').replace(/^\.\//, '').replace(/\/$/, '');
  if (isOutput(g)) return true;
  const pattern = g.includes('/') ? g : `**/${g}`;
  // Compiled once: the tree has thousands of paths.
  const [self, under] = [pattern, `${pattern}/**`].map((x) => new Minimatch(x, { dot: true }));
  return tree.some((p) => self?.match(p) || under?.match(p));
}

/** The identifiers a chunk group's RegExp names, each of which must be a path segment of a file it matches. */
function groupNames(source: string): string[] {
  const words = source.replace(/\(\?![^)]*\)/g, '').match(/@?[a-z][\w-]*/gi) ?? [];
  return [...new Set(words)];
}

/** The RegExp constants of a config (typed or not, on one line or the next) and the inline `test:` RegExps of its
 * chunk groups, each named. */
function regexpsOf(text: string): { name: string; source: string }[] {
  const consts = [...text.matchAll(/^const (\w+)(?::\s*RegExp)? =\s+\/(.+)\/[a-z]*;$/gm)].map((m) => ({
    name: m[1] ?? '',
    source: m[2] ?? '',
  }));
  const tests = [...text.matchAll(/\btest: \/(.+?)\/[a-z]*,/g)].map((m, i) => ({
    name: `test ${i + 1}`,
    source: m[1] ?? '',
  }));
  return [...consts, ...tests];
}

describe('vite.config.ts chunk groups', () => {
  const text = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8');
  const groups = regexpsOf(text);
  // The tree, every installed package (by its package.json) and the package folders the groups name below that.
  const files = [
    ...tree,
    ...globSync(
      [
        'node_modules/*/package.json',
        'node_modules/@*/*/package.json',
        'node_modules/@preact/signals-react/utils/**/*',
        'node_modules/virtua/lib/**/*',
      ],
      { cwd: ROOT },
    ),
  ].map((f) => `/${f}`);

  it('finds the groups, typed or not, and the inline ones', () => {
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['MARKET', 'QUOTE_UI', 'MARKET_PAGE', 'NOT_APP', 'test 1', 'test 2']),
    );
  });

  it.each(groups)('$name names only paths that exist', ({ source }) => {
    const re = new RegExp(source);
    const matched = files.filter((f) => re.test(f));
    const segments = new Set(matched.flatMap((f) => f.split(/[/.]/)));
    expect(groupNames(source).filter((w) => !segments.has(w))).toEqual([]);
  });
});

describe('vite.config.ts resolve.alias', () => {
  const text = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8');
  const alias = text.slice(text.indexOf('alias:'), text.indexOf('],', text.indexOf('alias:')));
  const files = [...alias.matchAll(/new URL\('([^']+)', import\.meta\.url\)/g)].map((m) => m[1] ?? '');
  const packages = [...alias.matchAll(/find: \/\^(@?[\w-]+(?:\\\/[\w-]+)?)/g)].map((m) =>
    (m[1] ?? '').replace(/\\\//g, '/'),
  );

  it('finds the aliases', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(packages.length).toBe(files.length);
  });

  it.each(files)('the replacement %s exists', (file) => {
    expect(existsSync(join(ROOT, file))).toBe(true);
  });

  it.each(packages)('the package %s it stands in for is installed (else the alias is dead)', (name) => {
    expect(existsSync(join(ROOT, 'node_modules', name))).toBe(true);
  });
});

describe('eslint.config.js', () => {
  const globs = new Set<string>();
  for (const block of eslintConfig as ReadonlyArray<{ files?: unknown[]; ignores?: unknown[] }>)
    for (const g of [...(block.files ?? []), ...(block.ignores ?? [])]) if (typeof g === 'string') globs.add(g);

  it.each([...globs])('%s names something', (glob) => {
    expect(namesSomething(glob)).toBe(true);
  });
});

/** A path vitest.config.ts names under any folder of the tree. */
const VITEST_PATH = /'((?:tests|bench|scripts|src|server|domain|workers)\/[^']+)'/g;

describe('vitest.config.ts', () => {
  const text = readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8');
  const paths = [...new Set([...text.matchAll(VITEST_PATH)].map((m) => m[1] ?? ''))];

  it.each(paths)('%s names something', (glob) => {
    expect(namesSomething(glob)).toBe(true);
  });
});

describe('the tsconfigs', () => {
  const configs = globSync(['tsconfig*.json'], { cwd: ROOT });
  const entries = configs.flatMap((file) => {
    const json = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as {
      include?: string[];
      compilerOptions?: { paths?: Record<string, string[]> };
    };
    const paths = Object.values(json.compilerOptions?.paths ?? {}).flat();
    return [...(json.include ?? []), ...paths].map((p) => [file, p] as const);
  });

  it.each(entries)('%s: %s names something', (_file, glob) => {
    expect(namesSomething(glob.replace(/\*$/, '**'))).toBe(true);
  });
});

describe('.oxfmtrc.json ignorePatterns', () => {
  const config = readFileSync(join(ROOT, '.oxfmtrc.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const lines = (JSON.parse(config) as { ignorePatterns: string[] }).ignorePatterns;

  it.each(lines)('%s names something', (glob) => {
    expect(namesSomething(glob)).toBe(true);
  });
});

describe('the check itself', () => {
  it('refuses a path that does not exist and a group name no file has', () => {
    expect(namesSomething('src/pages/nowhere/**')).toBe(false);
    expect(namesSomething('*.nowhere')).toBe(false);
    expect(namesSomething('!src/nowhere/')).toBe(false);
    expect(namesSomething('!src/')).toBe(true);
    expect(existsSync(join(ROOT, 'vite.config.ts'))).toBe(true);
    const source = String.raw`[\\/]src[\\/]pages[\\/]market[\\/](market|row-signals)\.(tsx?|css)$`;
    const segments = new Set(['/src/pages/market/market.css'].flatMap((f) => f.split(/[/.]/)));
    expect(groupNames(source).filter((w) => !segments.has(w))).toEqual(['row-signals', 'tsx']);
  });

  it('reads a typed RegExp constant, an inline group test and a vitest path under domain/ or workers/', () => {
    const config = [
      'const GONE: RegExp = /[\\\\/]src[\\\\/]nowhere[\\\\/]/;',
      "  { name: 'x', test: /node_modules[\\\\/]nowhere[\\\\/]/,",
    ].join('\n');
    expect(regexpsOf(config).map((g) => g.name)).toEqual(['GONE', 'test 1']);
    expect(
      [..."include: ['domain/**/*.test.ts', 'workers/nowhere/*.ts']".matchAll(VITEST_PATH)].map((m) => m[1]),
    ).toEqual(['domain/**/*.test.ts', 'workers/nowhere/*.ts']);
    expect(namesSomething('workers/nowhere/*.ts')).toBe(false);
  });
});

// npm 12 skips a dependency's install script unless package.json's allowScripts names it: a new one unnamed would
// install another tree on the next npm than on today's, with nobody having read the script.
describe('package.json allowScripts', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

  it('names every locked dependency that has an install script, and no other', () => {
    expect(withScripts.length).toBeGreaterThan(0);
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...new Set(withScripts)].sort());
  });
});
