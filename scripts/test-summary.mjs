// Adds up the vitest JSON reports into one closing line, after one line per part naming the Node that ran it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.tmp/test-results';
let passed = 0,
  failed = 0,
  skipped = 0;
// The failures again at the end: CI keeps only the tail of a long log.
const failures = [];
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  // A file that failed to load has no assertions of its own: count it as one failure.
  const broken = (r.testResults ?? []).filter(
    (t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0,
  ).length;
  for (const t of r.testResults ?? []) {
    const failedTests = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (t.status === 'failed' && failedTests.length === 0) failures.push(`${t.name}: ${firstLines(t.message)}`);
    for (const a of failedTests) failures.push(`${t.name} > ${a.fullName}: ${firstLines(a.failureMessages?.[0])}`);
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + broken;
  skipped += r.numPendingTests + r.numTodoTests;
  const name = f.replace(/\.json$/, '');
  const nodeFile = join(dir, `${name}.node`);
  const node = existsSync(nodeFile) ? readFileSync(nodeFile, 'utf8').trim() : 'Node unknown';
  console.log(`${name} (Node ${node.replace(/^v/, '')}): ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

function firstLines(text) {
  return String(text ?? '')
    .split('\n')
    .slice(0, 6)
    .join('\n    ');
}
