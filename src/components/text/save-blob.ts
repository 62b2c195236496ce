// The blob: address names only bytes in this page's memory; released a minute later, once the download started.
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
