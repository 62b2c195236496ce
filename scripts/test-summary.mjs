// Adds up the vitest JSON reports into one closing line: "N passed, N failed, N skipped", after one line per part
// that says which Node ran it (NAME.node, written by scripts/test.sh beside NAME.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.tmp/test-results';
let passed = 0,
  failed = 0,
  skipped = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  // A file that failed to load has no assertions of its own: count it as one failure.
  const broken = (r.testResults ?? []).filter(
    (t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0,
  ).length;
  passed += r.numPassedTests;
  failed += r.numFailedTests + broken;
  skipped += r.numPendingTests + r.numTodoTests;
  const name = f.replace(/\.json$/, '');
  const nodeFile = join(dir, `${name}.node`);
  const node = existsSync(nodeFile) ? readFileSync(nodeFile, 'utf8').trim() : 'Node unknown';
  console.log(`${name} (Node ${node.replace(/^v/, '')}): ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
