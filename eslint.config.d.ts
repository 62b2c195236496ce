// Types of eslint.config.js for tests/unit/lint-rooms.test.ts, which checks the room blocks.
import type { Linter } from 'eslint';

export declare const roomBlocks: Linter.Config[];
declare const config: Linter.Config[];
export default config;
