// Saves bytes the app holds as a file (a CSV statement): a temporary blob: address on a download link, clicked once.
// The address names only the bytes in this page's memory, never a secret; it is released a minute later, after the
// browser has started reading it.
import { browserTimers, type Timers } from '../../state/shell/clock.ts';

const RELEASE_MS = 60_000;

export function saveBlob(blob: Blob, fileName: string, doc: Document = document, timers: Timers = browserTimers): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  timers.setTimeout(() => URL.revokeObjectURL(url), RELEASE_MS);
}
