// The signed-in user: a synchronous localStorage hint beside idb-keyval so the first paint knows who is logged in.
import { localStore } from '../shell/local-store.ts';
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import { del, get, set } from 'idb-keyval';
import type { BaseSettings, LoginResult, User } from '../../../domain/types.ts';

/**
 * 16 random bytes as hex: an idempotency key (domain/idempotency.ts says what the server accepts), a demo account's id.
 * Written out here: @noble/hashes' bytesToHex would bring its whole utils module into the first screen's chunk.
 */
export function randomHex(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const SESSION_KEY = 'tw:session';
export const DEMO_ID_KEY = 'tw:demo-id';
export const HINT_KEY = 'tw-session'; // localStorage: 'real' | 'demo'

type Hint = 'real' | 'demo';

interface StoredSession {
  token: string;
  user: User;
}

function readHint(): Hint | null {
  const v = localStore()?.getItem(HINT_KEY);
  return v === 'real' || v === 'demo' ? v : null;
}

/** Kept, and followed by the first paint's guess. */
function writeHint(user: User | null): void {
  const s = localStore();
  if (user) s?.setItem(HINT_KEY, user.is_demo === 1 ? 'demo' : 'real');
  else s?.removeItem(HINT_KEY);
  $hint.value = readHint();
}

export const $token: Signal<string | null> = signal(null, { name: 'session.$token' });
export const $user: Signal<User | null> = signal(null, { name: 'session.$user' });
/** null until it arrives. */
export const $settings: Signal<BaseSettings | null> = signal(null, { name: 'session.$settings' });

// Until idb has answered, the hint stands in for the token so guards and the tab bar are right at first paint.
const $restored = signal(false, { name: 'session.$restored' });
const $hint = signal<Hint | null>(readHint(), { name: 'session.$hint' });

export const $loggedIn: ReadonlySignal<boolean> = computed(
  () => $token.value !== null || (!$restored.value && $hint.value !== null),
  { name: 'session.$loggedIn' },
);
export const $isDemo: ReadonlySignal<boolean> = computed(
  () => ($user.value ? $user.value.is_demo === 1 : $loggedIn.value && !$restored.value && $hint.value === 'demo'),
  { name: 'session.$isDemo' },
);
/** Requests wait for it so they carry the token. */
export const $sessionRestored: ReadonlySignal<boolean> = $restored;

let version = 0; // so a slow restore never overwrites a newer session

/** A restore at start-up keeps it. */
export function sessionVersion(): number {
  return version;
}
let restoring: Promise<void> | null = null;

function isStoredSession(v: unknown): v is StoredSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<StoredSession>;
  return typeof s.token === 'string' && typeof s.user === 'object' && s.user !== null;
}

/** Later calls return the same promise. */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const started = version;
    let stored: unknown = null;
    try {
      stored = await get(SESSION_KEY);
    } catch (err) {
      console.warn('session restore failed', err);
    }
    if (version === started) {
      if (isStoredSession(stored)) {
        $token.value = stored.token;
        $user.value = stored.user;
      }
      writeHint(isStoredSession(stored) ? stored.user : null);
    }
    $restored.value = true;
  })();
  return restoring;
}

export function sessionReady(): Promise<void> {
  return restoring ?? Promise.resolve();
}

function persist(session: StoredSession | null): void {
  const write = session ? set(SESSION_KEY, session) : del(SESSION_KEY);
  write.catch((err: unknown) => console.warn('session persist failed', err));
}

/** A newer session than any restore under way; null signs out. */
function setSession(session: StoredSession | null): void {
  version++;
  $token.value = session?.token ?? null;
  $user.value = session?.user ?? null;
  $restored.value = true;
  writeHint(session?.user ?? null);
  persist(session);
}

/** docs/contract.md §4. */
export const signIn = (r: LoginResult): void => setSession({ token: r.token, user: r.user });
export const signOut = (): void => setSession(null);

export function updateUser(user: User): void {
  const token = $token.peek();
  if (!token) return;
  $user.value = user;
  writeHint(user);
  persist({ token, user });
}

/** Random once, then kept, so pressing "demo" again returns to the same demo account. */
export async function demoId(): Promise<string> {
  const local = localStore()?.getItem(DEMO_ID_KEY);
  if (local) return local;
  let id: string | undefined;
  try {
    id = await get<string>(DEMO_ID_KEY);
  } catch {
    id = undefined;
  }
  id ??= randomHex();
  localStore()?.setItem(DEMO_ID_KEY, id);
  try {
    await set(DEMO_ID_KEY, id);
  } catch {
    // localStorage still has it
  }
  return id;
}
