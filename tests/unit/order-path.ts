// Test helper for the order path's tests (the order form, the desk's one-click keys): the API's submitOrder and the
// toasts are stubbed (vi.doMock), then the state modules both tests read are loaded after the stubs. Call it before any
// other import of the app's modules, at the top of the test file; the screen under test is imported after it.
import { vi } from 'vitest';

export async function orderPathModules() {
  vi.doMock('../../src/api/trading.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../src/api/trading.ts')>()),
    submitOrder: vi.fn(),
  }));
  vi.doMock('../../src/state/shell/toasts.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../src/state/shell/toasts.ts')>()),
    toast: vi.fn(),
  }));
  // The risk cap setting (src/pages/trade/order-ticket/order-form.tsx): not configured, so the default 10 % applies.
  vi.doMock('../../src/api/common.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../src/api/common.ts')>()),
    publicSetting: vi.fn(() => Promise.resolve({ key: 'risk_cap_percent', value: null })),
  }));
  const { submitOrder } = await import('../../src/api/trading.ts');
  const { toast } = await import('../../src/state/shell/toasts.ts');
  const { quote } = await import('../../src/state/market/quotes.ts');
  const { $token } = await import('../../src/state/account/session.ts');
  const { setNavigator } = await import('../../src/state/shell/navigator.ts');
  const { initI18n, i18n } = await import('../../src/i18n/index.ts');
  return { submitOrder, toast, quote, $token, setNavigator, initI18n, i18n };
}
