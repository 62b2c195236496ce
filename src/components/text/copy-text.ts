// Falls back to a hidden textarea where the async clipboard is missing (plain http, older WebViews).
import { translate } from '../../i18n/index.ts';
import { toast } from '../../state/shell/toasts.ts';

export async function copyText(text: string): Promise<void> {
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
  toast(translate('common.copy_success'));
}
