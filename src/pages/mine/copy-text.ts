// Copies a text (an address, an account number) and says so; older browsers without the Clipboard API get the
// hidden-textarea fallback.
import { toast } from '../../state/toasts.ts';

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast(done);
}
