// The rooms of docs/architecture.md as ESLint enforces them (eslint.config.js roomBlocks), and the server's libraries
// loaded where their part first runs: each boundary fires on a violating import and stays quiet on an allowed one, so
// the rule cannot rot silently.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { adapterBlocks, formatterBlocks, roomBlocks } from '../../../eslint.config.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true, // only the room blocks, without type information: fast and focused
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
    },
    ...roomBlocks,
  ],
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

/** Each refused import or call is reported once with its message; each allowed one is not reported. */
function refusedAndAllowed(
  refused: [string, string, RegExp][],
  allowed: [string, string][],
  errorsOf: (file: string, code: string) => Promise<string[]>,
): void {
  it.each(refused)('%s: %s is refused', async (file, code, message) => {
    const errors = await errorsOf(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });
  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
}

describe('import boundaries (docs/architecture.md "Rooms")', () => {
  refusedAndAllowed(
    [
      ['domain/x.ts', "import { $user } from '../state/account/session.ts';", /pure/],
      ['domain/x.ts', "import { useState } from 'react';", /pure/],
      ['domain/x.ts', "import { readFileSync } from 'node:fs';", /pure/],
      ['domain/format/x.ts', "import { $lang } from '../../i18n/lang-signal.ts';", /pure/],
      ['domain/numerics/x.ts', "import { readFileSync } from 'node:fs';", /pure/],
      ['server/routes/x.ts', "import { toast } from '../../../src/state/shell/toasts.ts';", /nothing of src\//],
      ['server/routes/x.ts', "import { Feed } from '../../../workers/feed/feed.ts';", /worker/],
      ['workers/feed/x.ts', "import { useEffect } from 'react';", /never imports React/],
      ['workers/feed/x.ts', "import { signal } from '@preact/signals-react';", /never imports React/],
      ['workers/feed/x.ts', "import { $user } from '../../../src/state/account/session.ts';", /nothing of src\//],
      ['server/routes/x.ts', "import { dec } from '../../src/domain/decimal.ts';", /nothing of src\//],
      ['server/bus/x.ts', "import { connect } from 'nats';", /import\(\) where its part first runs/],
      ['server/notify/x.ts', "import nodemailer from 'nodemailer';", /import\(\) where its part first runs/],
      ['server/uploads/x.ts', "import sharp from 'sharp';", /import\(\) where its part first runs/],
      ['src/state/x.ts', "import { Feed } from '../../../workers/feed/feed.ts';", /only as types/],
      ['src/pages/x/y.tsx', "import { buildApp } from '../../../server/http/http-app.ts';", /server/],
      ['src/api/x.ts', "import { ROUTES } from '../app/routes.tsx';", /below the screens/],
      ['src/pages/x/y.tsx', "import { Z } from '../z/z.tsx';", /its own folder only/],
      ['src/pages/x/y.tsx', "import '../z/z.css';", /its own folder only/],
      ['src/pages/x/y.tsx', "import { Z } from '../../pages/z/z.tsx';", /its own folder only/],
      ['src/pages/trade/y.tsx', "import { orderFigures } from '../order/order-format.ts';", /its own folder only/],
      ['src/components/lists/x.tsx', "import { Z } from '../../pages/z/z.tsx';", /import no page/],
      ['src/state/x.ts', "import { Z } from '../pages/z/z.ts';", /import no page/],
      ['src/pages/x/y.tsx', "import i18next from 'i18next';", /engine\.ts/],
      ['src/api/client.ts', "import i18next from 'i18next';", /engine\.ts/],
      ['src/pages/x/y.tsx', "import { useTranslation } from 'react-i18next';", /use-translation/],
      ['src/components/lists/x.tsx', "import i18next from 'i18next';", /engine\.ts/],
      ['src/i18n/x.ts', "import i18next from 'i18next';", /engine\.ts/],
      // No folder loop between the frame and the screens: a page imports nothing of app/ or wide/ (which import it).
      ['src/pages/market/y.tsx', "import { LazyDeskLayout } from '../../app/routing/lazy-desk.tsx';", /folder loop/],
      ['src/pages/x/y.tsx', "import { useQuery } from '../../app/use-query.ts';", /folder loop/],
      ['src/pages/trade/y.tsx', "import { DeskLayout } from '../../wide/wide-layout.tsx';", /folder loop/],
      ['src/pages/trade/order-ticket/y.tsx', "import { useWide } from '../../../app/use-wide.ts';", /folder loop/],
      ['src/wide/x.tsx', "import { PageFallback } from '../app/routing/page-fallback.tsx';", /folder loop/],
      ['src/components/nav/x.tsx', "import { TABS } from '../../app/tabs.ts';", /nothing of src\/app\//],
      ['src/state/market/x.ts', "import { startApp } from '../../app/start/start.ts';", /nothing of src\/app\//],
      // A page's sub-folder is still its own page: another page's folder stays out.
      ['src/pages/trade/order-ticket/y.tsx', "import { Z } from '../../order/z.ts';", /its own folder only/],
      ['src/pages/trade/order-ticket/y.tsx', "import { Z } from '../../../pages/order/z.ts';", /its own folder only/],
    ],
    [
      ['domain/x.ts', "import { dec } from './decimal.ts';"],
      ['domain/format/x.ts', "import { roundText } from '../numerics/round.ts';"],
      ['server/routes/x.ts', "import { dec } from '../../../domain/decimal.ts';"],
      ['workers/feed/x.ts', "import { dec } from '../../../domain/decimal.ts';"],
      ['server/uploads/x.ts', "import type Sharp from 'sharp';"],
      ['server/bus/x.ts', "const { connect } = await import('nats');"],
      ['src/state/x.ts', "import type { Feed } from '../../../workers/feed/feed.ts';"],
      ['src/state/x.ts', "import { QUOTE_STRIDE } from '../../../workers/protocol.ts';"],
      ['src/api/x.ts', "import { $token } from '../state/account/session.ts';"],
      ['src/pages/x/y.tsx', "import { Y } from './y2.tsx';"],
      ['src/pages/x/y.tsx', "import { Row } from '../../components/instrument/market-row.tsx';"],
      ['src/pages/x/y.tsx', "import { $period } from '../../state/market/trade-state.ts';"],
      ['src/wide/x.tsx', "import { OrderForm } from '../pages/trade/order-ticket/order-form.tsx';"],
      ['src/app/routing/x.tsx', "import { MarketPage } from '../../pages/market/market-page.tsx';"],
      ['src/pages/x/y.tsx', "import { useWide } from '../../components/hooks/use-wide.ts';"],
      ['src/pages/trade/order-ticket/y.tsx', "import { ChartPanel } from '../chart/trade-view.tsx';"],
      ['src/pages/trade/order-ticket/y.tsx', "import { AccountStrip } from '../account-strip.tsx';"],
      ['src/pages/trade/order-ticket/y.tsx', "import { $oneClick } from '../../../state/orders/one-click.ts';"],
      ['src/i18n/engine.ts', "import i18next from 'i18next';"],
      ['src/pages/x/y.tsx', "import type { TFunction } from 'i18next';"],
    ],
    boundaryErrors,
  );
});

const houseLint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { '@typescript-eslint': tseslint.plugin },
    },
    ...formatterBlocks,
    ...adapterBlocks,
  ],
});

async function houseErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await houseLint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('one formatter per rule: rounding and fixed-point text only in domain/', () => {
  refusedAndAllowed(
    [
      ['server/routes/x.ts', 'export const t = (d: { toFixed(n: number): string }) => d.toFixed(2);', /domain\//],
      ['src/pages/x/y.tsx', 'export const t = (n: number) => n.toFixed(1);', /domain\//],
      [
        'workers/feed/x.ts',
        'export const t = (d: { toDecimalPlaces(n: number): unknown }) => d.toDecimalPlaces(2);',
        /domain\//,
      ],
      ['server/ledger/x.ts', 'export const t = (d: { toDP(n: number): unknown }) => d.toDP(2);', /domain\//],
      [
        'server/content/x.ts',
        "import Decimal from 'decimal.js';\nexport const d = new Decimal(1);",
        /decimal\.js is imported once/,
      ],
      [
        'domain/x.ts',
        "import Decimal from 'decimal.js';\nexport const d = new Decimal(1);",
        /decimal\.js is imported once/,
      ],
      [
        'server/routes/x.ts',
        "import { ProjectDecimal } from '../../../domain/decimal.ts';\nexport const d = new ProjectDecimal(1);",
        /constructor stays in domain\//,
      ],
    ],
    [
      ['domain/format/money-text.ts', 'export const t = (n: number) => n.toFixed(1);'],
      ['domain/decimal.ts', "import Decimal from 'decimal.js';\nexport const d = new Decimal(1);"],
      [
        'server/routes/x.ts',
        "import { dec, fixed } from '../../../domain/decimal.ts';\nexport const t = fixed(dec(1), 2);",
      ],
    ],
    houseErrors,
  );
});

describe('rules the linter keeps: host time, timers, frames and storage only in adapters; named signals', () => {
  refusedAndAllowed(
    [
      ['server/routes/x.ts', 'export const t = Date.now();', /adapter/],
      ['server/jobs/x.ts', 'setTimeout(() => undefined, 5);', /adapter/],
      ['src/pages/x/y.tsx', 'setInterval(() => undefined, 5);', /adapter/],
      ['src/components/x.tsx', 'requestAnimationFrame(() => undefined);', /adapter/],
      ['src/state/x.ts', "export const v = localStorage.getItem('k');", /adapter/],
      ['src/state/x.ts', "export const v = globalThis.localStorage.getItem('k');", /adapter/],
      ['workers/feed/x.ts', 'self.setTimeout(() => undefined, 5);', /adapter/],
      [
        'src/state/x.ts',
        "import { signal } from '@preact/signals-react';\nexport const $a = signal(1);",
        /with a name/,
      ],
      [
        'src/state/x.ts',
        "import { computed } from '@preact/signals-react';\nexport const $b = computed(() => 1);",
        /with a name/,
      ],
      [
        'src/pages/x/y.tsx',
        "import { useSignal } from '@preact/signals-react';\nexport const useX = () => useSignal(1);",
        /with a name/,
      ],
      [
        'src/pages/x/y.tsx',
        "import { useComputed } from '@preact/signals-react';\nexport const useX = () => useComputed(() => 1);",
        /with a name/,
      ],
      ['src/pages/x/y.tsx', 'window.requestAnimationFrame(() => undefined);', /adapter/],
      [
        'src/state/shell/clock.ts',
        "import { signal } from '@preact/signals-react';\nexport const $a = signal(1);",
        /with a name/,
      ],
    ],
    [
      ['src/state/shell/clock.ts', 'export const now = () => Date.now();'],
      ['server/core/system-time.ts', 'export const t = (fn: () => void) => setTimeout(fn, 5);'],
      ['src/state/shell/local-store.ts', 'export const s = () => globalThis.localStorage;'],
      [
        'server/jobs/x.ts',
        'export const f = (timers: { setTimeout(fn: () => void, ms: number): unknown }) => timers.setTimeout(() => undefined, 5);',
      ],
      [
        'src/state/x.ts',
        "import { signal } from '@preact/signals-react';\nexport const $a = signal(1, { name: 'x.$a' });",
      ],
    ],
    houseErrors,
  );

  it('compiles the server without DOM types, in syntax Node can run by erasing its types', () => {
    const config = JSON.parse(readFileSync('tsconfig.server.json', 'utf8')) as {
      compilerOptions: { lib: string[]; erasableSyntaxOnly?: boolean };
      include: string[];
    };
    expect(config.include).toEqual(expect.arrayContaining(['server', 'domain']));
    expect(config.compilerOptions.lib.filter((l) => /dom/i.test(l))).toEqual([]);
    // npm start runs `node server/serve.ts`: a parameter property or an enum would stop it at its first import.
    expect(config.compilerOptions.erasableSyntaxOnly).toBe(true);
    const pkg = readFileSync('package.json', 'utf8');
    expect(pkg).toContain('$t -p tsconfig.server.json');
    expect(pkg).toContain('"serve": "node server/serve.ts"');
  });
});
