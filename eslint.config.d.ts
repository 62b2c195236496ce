// Types of eslint.config.js for tests/unit/house/lint-rooms.test.ts, which checks the room, formatter and adapter blocks.
import type { Linter } from 'eslint';

export declare const roomBlocks: Linter.Config[];
export declare const formatterBlocks: Linter.Config[];
export declare const adapterBlocks: Linter.Config[];
declare const config: Linter.Config[];
export default config;
