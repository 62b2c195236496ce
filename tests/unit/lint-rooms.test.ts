// The rooms of ARCHITECTURE.md as ESLint enforces them (eslint.config.js roomBlocks): each boundary fires on a
// violating import and stays quiet on an allowed one, so the rule cannot rot silently.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { roomBlocks } from '../../eslint.config.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true, // only the room blocks, without type information: fast and focused
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } },
    ...roomBlocks,
  ],
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (ARCHITECTURE rooms)', () => {
  it.each([
    ['src/domain/x.ts', "import { $user } from '../state/session.ts';", /pure/],
    ['src/domain/x.ts', "import { useState } from 'react';", /pure/],
    ['src/domain/x.ts', "import { readFileSync } from 'node:fs';", /pure/],
    ['server/routes/x.ts', "import { toast } from '../../src/state/toasts.ts';", /src\/domain/],
    ['server/routes/x.ts', "import { Feed } from '../../workers/feed/feed.ts';", /worker/],
    ['workers/feed/x.ts', "import { useEffect } from 'react';", /never imports React/],
    ['workers/feed/x.ts', "import { signal } from '@preact/signals-react';", /never imports React/],
    ['workers/feed/x.ts', "import { $user } from '../../src/state/session.ts';", /src\/domain/],
    ['src/state/x.ts', "import { Feed } from '../../workers/feed/feed.ts';", /only as types/],
    ['src/pages/x/y.tsx', "import { buildApp } from '../../../server/app.ts';", /server/],
    ['src/api/x.ts', "import { ROUTES } from '../app/routes.tsx';", /below the screens/],
    ['src/api/client.ts', "import axios from 'axios';", /lazy chunk/],
    ['src/pages/x/y.tsx', "import axios from 'axios';", /lazy chunk/],
  ])('%s: %s is refused', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['src/domain/x.ts', "import { dec } from './decimal.ts';"],
    ['server/routes/x.ts', "import { dec } from '../../src/domain/decimal.ts';"],
    ['workers/feed/x.ts', "import { dec } from '../../src/domain/decimal.ts';"],
    ['src/state/x.ts', "import type { Feed } from '../../workers/feed/feed.ts';"],
    ['src/state/x.ts', "import { QUOTE_STRIDE } from '../../workers/protocol.ts';"],
    ['src/api/x.ts', "import { $token } from '../state/session.ts';"],
    ['src/api/http.ts', "import axios from 'axios';"],
    ['src/api/client.ts', "import type { AxiosInstance } from 'axios';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
