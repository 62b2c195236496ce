// HTML escaping for the e-mail layout: every value a template prints (an address, a device name, a reason an operator
// typed, the trader's own anti-phishing phrase) is text, never markup.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
