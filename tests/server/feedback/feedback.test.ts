// A trader's feedback (docs/feedback.md) through the real routes, ops commands and database (TEST_DB=pglite and
// postgres): a message is sent and listed newest first with what is left today; bad input is refused with the field's
// message and stores nothing; the sixth message in 24 hours is refused until the first is 24 hours old, also when
// sends race for the last place; the list shows the newest 50; one account's messages are out of another's reach; a
// demo account may send; the team lists a message, answers it once as the signed-in member (on record in the audit
// log), and the trader is told by a notice and reads the answer.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_PER_DAY,
  FEEDBACK_SHOWN,
  FEEDBACK_TEXT_MAX,
  type FeedbackListWire,
  type FeedbackTopic,
} from '../../../domain/feedback.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { translate } from '../../../server/http/i18n.ts';
import { feedbackAnswer } from '../../../server/ops/commands/feedback.ts';
import { runAs } from '../../../server/ops/run.ts';
import {
  api,
  countRows,
  demoClient,
  manualClock,
  refusalKey,
  registerAndLogin,
  TEST_OPERATOR,
  useTestServer,
  type ApiClient,
  type RegisteredUser,
} from '../support/harness.ts';
import { createStaff, signIn } from '../support/staff-helpers.ts';

const clock = manualClock();
const used = useTestServer({ clock, market: { manual: true } });

const list = async (client: ApiClient): Promise<FeedbackListWire> => {
  const r = await client.get<FeedbackListWire>('/v1/api/feedback/list');
  expect(r.code).toBe(1);
  return r.data;
};
const send = (client: ApiClient, form: Record<string, string>) =>
  client.post<{ id: number }>('/v1/api/feedback/send', form);
const sendOk = async (client: ApiClient, topic: FeedbackTopic, text: string): Promise<number> => {
  const r = await send(client, { topic, text });
  expect([r.code, r.msg]).toEqual([1, 'success']);
  return r.data.id;
};
const stored = async (): Promise<number> => (await countRows(used.server.ctx, ['feedback'])).feedback ?? 0;
const fieldText = (key: 'field_required' | 'field_invalid', label: 'text' | 'topic'): string =>
  translate('en', `errors.${key}`, { field: translate('en', `feedback.${label}`) });
const DAILY_LIMIT = 'Daily limit reached, please try again tomorrow';

let alice: RegisteredUser;
beforeAll(async () => {
  alice = await registerAndLogin(used.server, { clock });
});

describe('sending and reading', () => {
  it('stores the trimmed text with its topic and time; the list is newest first with what is left today', async () => {
    const u = await registerAndLogin(used.server, { clock });
    expect(await list(u.client)).toEqual({ items: [], left_today: FEEDBACK_PER_DAY });
    const sentAt = clock.now();
    const first = await sendOk(u.client, 'app', '  The chart is slow on my phone.\n');
    clock.advance(1_000);
    // A JSON body works as the form does.
    const second = await u.client.postJson<{ id: number }>('/v1/api/feedback/send', { topic: 'wallet', text: 'Hi' });
    expect(second.code).toBe(1);
    const read = await list(u.client);
    expect(read.left_today).toBe(FEEDBACK_PER_DAY - 2);
    expect(read.items).toEqual([
      {
        id: second.data.id,
        topic: 'wallet',
        text: 'Hi',
        status: 'received',
        answer: null,
        created_at: sentAt + 1_000,
        answered_at: null,
      },
      {
        id: first,
        topic: 'app',
        text: 'The chart is slow on my phone.',
        status: 'received',
        answer: null,
        created_at: sentAt,
        answered_at: null,
      },
    ]);
    // Exactly the limit, counted after trimming, and an emoji as one character.
    await sendOk(u.client, 'other', ` ${'😀'.repeat(FEEDBACK_TEXT_MAX)} `);
    expect((await list(u.client)).items[0]?.text).toBe('😀'.repeat(FEEDBACK_TEXT_MAX));
  });

  it('refuses bad input with the field and its message, and stores nothing', async () => {
    const u = await registerAndLogin(used.server, { clock });
    await sendOk(u.client, 'trading', 'kept');
    const before = { rows: await stored(), mine: await list(u.client) };
    const cases: Array<[Record<string, string>, string]> = [
      [{ topic: 'bugs', text: 'hello' }, fieldText('field_invalid', 'topic')],
      [{ topic: 'app', text: '' }, fieldText('field_required', 'text')],
      [{ topic: 'app', text: '   \n\t ' }, fieldText('field_required', 'text')],
      [{ topic: 'app', text: 'x'.repeat(FEEDBACK_TEXT_MAX + 1) }, fieldText('field_invalid', 'text')],
      [{ topic: 'app', text: ` ${'x'.repeat(FEEDBACK_TEXT_MAX + 1)} ` }, fieldText('field_invalid', 'text')],
      [{ topic: 'app', text: 'x'.repeat(FEEDBACK_TEXT_MAX * 2 + 1) }, fieldText('field_invalid', 'text')],
      [{ text: 'no topic' }, fieldText('field_required', 'topic')],
      [{ topic: 'app' }, fieldText('field_required', 'text')],
      [{}, fieldText('field_required', 'topic')],
    ];
    for (const [form, msg] of cases) {
      const r = await send(u.client, form);
      expect([r.code, r.msg], JSON.stringify(form).slice(0, 60)).toEqual([0, msg]);
    }
    // The field names are the form's, in the user's language.
    const german = await u.client.withLang('de').post('/v1/api/feedback/send', { topic: 'app', text: ' ' });
    expect(german.msg).toBe(translate('de', 'errors.field_required', { field: translate('de', 'feedback.text') }));
    // Without a session nothing is read or written.
    const visitor = api(used.server.baseUrl, { lang: 'en' });
    expect((await visitor.get('/v1/api/feedback/list')).code).toBe(999);
    expect((await send(visitor, { topic: 'app', text: 'anonymous' })).code).toBe(999);
    expect((await send(u.client.withToken('not-a-session'), { topic: 'app', text: 'forged' })).code).toBe(999);
    expect({ rows: await stored(), mine: await list(u.client) }).toEqual(before);
  });

  it("keeps each account's messages out of the others' reach", async () => {
    const bob = await registerAndLogin(used.server, { clock });
    await sendOk(alice.client, 'app', 'Alice writes');
    expect(await list(bob.client)).toEqual({ items: [], left_today: FEEDBACK_PER_DAY });
    await sendOk(bob.client, 'other', 'Bob writes');
    expect((await list(bob.client)).items.map((i) => i.text)).toEqual(['Bob writes']);
    expect((await list(alice.client)).items.map((i) => i.text)).toEqual(['Alice writes']);
  });

  it('lets a demo account send (it moves no money)', async () => {
    const demo = await demoClient(used.server, `feedback-demo-${process.pid}`);
    await sendOk(demo, 'trading', 'Trying the app first');
    const read = await list(demo);
    expect(read.items.map((i) => [i.topic, i.text, i.status])).toEqual([
      ['trading', 'Trying the app first', 'received'],
    ]);
    expect(read.left_today).toBe(FEEDBACK_PER_DAY - 1);
  });
});

describe(`at most ${FEEDBACK_PER_DAY} messages in any 24 hours`, () => {
  it('refuses the next one with daily_limit until the first is 24 hours old', async () => {
    const u = await registerAndLogin(used.server, { clock });
    const start = clock.now();
    for (let i = 1; i <= FEEDBACK_PER_DAY; i++) await sendOk(u.client, 'app', `message ${i}`);
    const rows = await stored();
    const refused = await send(u.client, { topic: 'app', text: 'one too many' });
    expect([refused.code, refused.msg]).toEqual([0, DAILY_LIMIT]);
    expect((await list(u.client)).left_today).toBe(0);
    // A rolling window, not the calendar day: a minute before the first turns 24 hours old it is still full.
    clock.set(start + DAY_MS - 60_000);
    expect((await send(u.client, { topic: 'app', text: 'still too many' })).msg).toBe(DAILY_LIMIT);
    expect(await stored()).toBe(rows);
    clock.set(start + DAY_MS + 1);
    expect((await list(u.client)).left_today).toBe(FEEDBACK_PER_DAY);
    await sendOk(u.client, 'app', 'a new day');
    const read = await list(u.client);
    expect(read.left_today).toBe(FEEDBACK_PER_DAY - 1);
    expect(read.items).toHaveLength(FEEDBACK_PER_DAY + 1);
    expect(read.items[0]?.text).toBe('a new day');
  });

  it(`shows the newest ${FEEDBACK_SHOWN}, newest first`, async () => {
    const u = await registerAndLogin(used.server, { clock });
    for (let i = 1; i <= FEEDBACK_SHOWN + 1; i++) {
      if (i % FEEDBACK_PER_DAY === 1) clock.advance(DAY_MS + 1); // a new day's allowance every five
      await sendOk(u.client, 'other', `note ${i}`);
    }
    const texts = (await list(u.client)).items.map((i) => i.text);
    expect(texts).toHaveLength(FEEDBACK_SHOWN);
    expect([texts[0], texts.at(-1)]).toEqual([`note ${FEEDBACK_SHOWN + 1}`, 'note 2']);
  });

  it('gives the last place to exactly one of the sends that race for it', async () => {
    const u = await registerAndLogin(used.server, { clock });
    for (let i = 1; i < FEEDBACK_PER_DAY; i++) await sendOk(u.client, 'wallet', `message ${i}`);
    // Two devices at least; four make an overlap of two certain enough to catch a missing lock on every run.
    const racing = ['phone', 'laptop', 'tablet', 'desk'].map((d) => send(u.client, { topic: 'wallet', text: d }));
    const answers = await Promise.all(racing);
    expect(answers.filter((r) => r.code === 1)).toHaveLength(1);
    expect(answers.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual([DAILY_LIMIT, DAILY_LIMIT, DAILY_LIMIT]);
    const read = await list(u.client);
    expect([read.items.length, read.left_today]).toEqual([FEEDBACK_PER_DAY, 0]);
  });
});

describe("the team's commands", () => {
  it('lists a message, answers it once as the signed-in member, and the trader reads the answer', async () => {
    const u = await registerAndLogin(used.server, { clock });
    // The team sees the account's language, to answer in it.
    expect((await u.client.post('/v1/api/notices/language', { lang: 'fr' })).code).toBe(1);
    const id = await sendOk(u.client, 'wallet', 'Where is my deposit?');
    const member = await signIn(used.server, await createStaff(used.server, 'support'), clock);

    const open = await member.run<Array<Record<string, unknown>>>('feedback-list', { user: u.account });
    expect(open.code).toBe(1);
    expect(open.data).toEqual([
      expect.objectContaining({
        id,
        account: u.account,
        uid: u.user.uid,
        lang: 'fr',
        topic: 'wallet',
        text: 'Where is my deposit?',
        status: 'open',
        answer: '',
        answered_by: '',
      }),
    ]);
    expect((await member.run<unknown[]>('feedback-list', { status: 'all' })).data.length).toBeGreaterThan(1);

    const answeredAt = clock.now();
    const answer = 'It arrived this morning: please check your balance.';
    const done = await member.run<Record<string, unknown>>('feedback-answer', { id: String(id), text: ` ${answer} ` });
    const by = `Test ${member.login} (${member.login})`;
    expect(done.code).toBe(1);
    expect(done.data).toMatchObject({ id, status: 'answered', answer, answered_by: by });
    expect((await list(u.client)).items).toEqual([
      expect.objectContaining({ id, status: 'answered', answer, answered_at: answeredAt }),
    ]);
    // Told where to read it: an in-app notice (and its e-mail), in the account's words.
    const notices = await u.client.get<{ data: Array<{ title: string; text: string }> }>('/v1/api/notices/list');
    expect(notices.data.data[0]).toMatchObject({
      title: 'Your message was answered',
      text: 'Our team has answered your message. Open Feedback in the app to read the answer.',
    });
    expect((await member.run<unknown[]>('feedback-list', { user: u.account })).data).toEqual([]);
    expect((await member.run<unknown[]>('feedback-list', { status: 'answered', user: u.account })).data).toEqual([
      expect.objectContaining({ id, answer, answered_by: by }),
    ]);

    // Once: a second answer, from the same member or break-glass, is refused and the first stays.
    clock.advance(60_000);
    expect((await member.run('feedback-answer', { id: String(id), text: 'Another answer' })).code).toBe(0);
    expect(
      await refusalKey(runAs(used.server.ctx, feedbackAnswer, { id: String(id), text: 'Again' }, TEST_OPERATOR)),
    ).toBe('feedback.errors.answered');
    expect((await list(u.client)).items[0]).toMatchObject({ answer, answered_at: answeredAt });

    // On record: who answered, what the message was before, and the refused second answers.
    const audit = await used.server.ctx.db.query<{ actor: string; before_value: string; after_value: string }>(
      "SELECT actor, before_value, after_value FROM audit_log WHERE action = 'feedback-answer' ORDER BY id",
    );
    expect(audit.map((r) => r.actor)).toEqual([by, by, 'break-glass']);
    expect(JSON.parse(audit[0]?.before_value ?? '{}')).toMatchObject({ id, answered_at: null });
    expect(JSON.parse(audit[0]?.after_value ?? '{}')).toMatchObject({ answer, answered_by: by });
    expect(audit.slice(1).map((r) => JSON.parse(r.after_value) as unknown)).toEqual([
      { refused: 'feedback.errors.answered' },
      { refused: 'feedback.errors.answered' },
    ]);
  });

  it('refuses an unknown id, a bad status and a bad answer, and answers nothing', async () => {
    const id = await sendOk(alice.client, 'other', 'Please add dark mode');
    const answer = (args: Record<string, string>) =>
      refusalKey(runAs(used.server.ctx, feedbackAnswer, args, TEST_OPERATOR));
    expect(await answer({ id: '987654', text: 'Hello' })).toBe('not_found');
    expect(await answer({ id: 'x', text: 'Hello' })).toBe('field_invalid');
    expect(await answer({ id: String(id), text: '   ' })).toBe('field_required');
    expect(await answer({ id: String(id), text: 'y'.repeat(FEEDBACK_TEXT_MAX + 1) })).toBe('content_texts.too_long');
    const member = await signIn(used.server, await createStaff(used.server, 'support'), clock);
    const long = await member.run('feedback-answer', { id: String(id), text: 'y'.repeat(FEEDBACK_TEXT_MAX + 1) });
    expect([long.code, long.msg]).toEqual([0, `--text is too long (at most ${FEEDBACK_TEXT_MAX} characters)`]);
    expect((await member.run('feedback-answer', { id: String(id) })).msg).toBe('--text is required');
    expect((await member.run('feedback-list', { status: 'done' })).msg).toBe('--status is not valid');
    // An answer is support's work: finance may not run it.
    const finance = await signIn(used.server, await createStaff(used.server, 'finance'), clock);
    expect((await finance.run('feedback-answer', { id: String(id), text: 'Hello' })).status).toBe(403);
    expect((await finance.run('feedback-list')).status).toBe(403);
    expect((await list(alice.client)).items.find((i) => i.id === id)).toMatchObject({
      status: 'received',
      answer: null,
    });
    // A full answer of exactly the limit is taken.
    await member.run('feedback-answer', { id: String(id), text: 'z'.repeat(FEEDBACK_TEXT_MAX) });
    expect((await list(alice.client)).items.find((i) => i.id === id)?.answer).toHaveLength(FEEDBACK_TEXT_MAX);
  });
});
