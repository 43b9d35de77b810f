import { SignedInApp, type SignedIn, type Visitor } from '../../testing/signed-in-app.js';
import { ADDON_PROFESSIONS, TEXT_OCR_PROFESSIONS, TEXT_OCR_PROFESSIONS_V1 } from 'contracts';

type Answer = { status: number; body: Record<string, unknown> };

const VALID: Record<string, Record<string, unknown>> = {
  '/api/feedback': {
    profession: TEXT_OCR_PROFESSIONS_V1[3],
    email: 'reader@example.com',
    howCanWeImprove: 'Faster please',
    rating: 4,
    extraInfo: '',
  },
  '/api/text-ocr-feedback': {
    profession: TEXT_OCR_PROFESSIONS[0],
    howDidYouFind: 'A search engine',
    howDoesItHelp: 'I copy lecture notes',
    howCanWeImprove: 'Read tables too',
    canUseAsTestimonial: 'yes',
    extraInfo: '',
  },
  '/api/sheets-extension-feedback': {
    profession: ADDON_PROFESSIONS[0],
    howDidYouFind: 'Marketplace',
    howDoesItHelp: 'Invoices into sheets',
    howCanWeImprove: 'More columns',
    extraInfo: '',
  },
  '/api/contact': {
    name: 'Mina Park',
    email: 'mina@example.com',
    message: 'My PDF page 3 came out empty.',
    extraInfo: '',
  },
};

const REQUIRED: Record<string, string[]> = {
  '/api/feedback': ['profession', 'rating'],
  '/api/text-ocr-feedback': ['profession', 'howDidYouFind', 'howDoesItHelp', 'howCanWeImprove'],
  '/api/sheets-extension-feedback': [
    'profession',
    'howDidYouFind',
    'howDoesItHelp',
    'howCanWeImprove',
  ],
  '/api/contact': ['name', 'email', 'message'],
};

const ROUTES = Object.keys(VALID);

describe('feedback and contact messages (real database)', () => {
  let platform: SignedInApp;
  let visitor: Visitor;
  let reader: SignedIn;

  const send = async (
    who: { post: (path: string, body: unknown) => Promise<Response> },
    path: string,
    body: unknown,
  ): Promise<Answer> => {
    const response = await who.post(path, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const messages = () => platform.db.collection('messages');

  beforeAll(async () => {
    platform = await SignedInApp.start({
      MESSAGE_LIMIT_PER_IP: '10000',
      MESSAGE_LIMIT_PER_USER: '10000',
    });
    visitor = await platform.visitor();
    reader = await platform.signIn('Lena Reader', 'lena@example.com');
  });
  afterAll(async () => {
    await platform.close();
  });
  beforeEach(async () => {
    await messages().deleteMany({});
    await platform.db.collection('spam_counts').deleteMany({});
  });

  it.each(ROUTES)('%s stores a valid message with its surface, sender and time', async (path) => {
    const before = Date.now();
    const answer = await send(visitor, path, VALID[path]);
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: expect.any(String) as string },
    });
    const rows = await messages().find({}).toArray();
    expect(rows).toHaveLength(1);
    const row: Record<string, unknown> = rows[0] ?? {};
    expect(row.form).toBe(path.slice('/api/'.length));
    expect(row.surface).toBe(path.includes('sheets') ? 'sheets-addon' : 'text-ocr');
    expect(row.kind).toBe(path === '/api/contact' ? 'contact' : 'feedback');
    expect(row.userId).toBeNull();
    expect(row.userAgent).toEqual(expect.any(String));
    expect((row.createdAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const { extraInfo: _trap, ...fields } = VALID[path] ?? {};
    expect(row.fields).toEqual(fields);
    expect(row.handled).toBe(false);
  });

  it('records the signed-in sender, and the add-on contact page as its own surface', async () => {
    const response = await reader.post('/api/contact?surface=sheets-addon', VALID['/api/contact']);
    expect(response.status).toBe(200);
    const row = await messages().findOne({});
    expect(row).toMatchObject({
      surface: 'sheets-addon',
      userId: reader.userId,
      userEmail: 'lena@example.com',
    });
  });

  it.each(ROUTES.flatMap((path) => (REQUIRED[path] ?? []).map((field) => [path, field])))(
    '%s refuses a message without %s and stores nothing',
    async (path, field) => {
      const body = Object.fromEntries(
        Object.entries(VALID[path] ?? {}).filter(([name]) => name !== field),
      );
      const answer = await send(visitor, path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error).toEqual(expect.any(String));
      expect(await messages().countDocuments()).toBe(0);
    },
  );

  it('refuses blank text and text that is nothing but markup', async () => {
    expect(
      (await send(visitor, '/api/contact', { ...VALID['/api/contact'], name: '   ' })).status,
    ).toBe(400);
    const markup = await send(visitor, '/api/contact', {
      ...VALID['/api/contact'],
      message: '<script>alert(1)</script>',
    });
    expect(markup.status).toBe(400);
    expect(markup.body.error).toBe('message is required');
    expect(await messages().countDocuments()).toBe(0);
  });

  it.each([
    ['/api/feedback', 'Student'.toLowerCase()],
    ['/api/text-ocr-feedback', 'Student'],
    ['/api/text-ocr-feedback', ''],
    ['/api/sheets-extension-feedback', 'traveler'],
  ])('%s refuses the profession %j, which is not one of its choices', async (path, profession) => {
    const answer = await send(visitor, path, { ...VALID[path], profession });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'Please choose your profession from the list',
    });
    expect(await messages().countDocuments()).toBe(0);
  });

  it('checks rating 1 to 5, the email format and canUseAsTestimonial', async () => {
    for (const rating of [0, 6, 2.5, '4']) {
      const answer = await send(visitor, '/api/feedback', { ...VALID['/api/feedback'], rating });
      expect(answer).toMatchObject({ status: 400, body: { error: 'Please select a rating' } });
    }
    const email = await send(visitor, '/api/contact', { ...VALID['/api/contact'], email: 'nope' });
    expect(email.body.error).toBe('Please enter a valid email address');
    const testimonial = await send(visitor, '/api/text-ocr-feedback', {
      ...VALID['/api/text-ocr-feedback'],
      canUseAsTestimonial: 'maybe',
    });
    expect(testimonial.status).toBe(400);
    expect(await messages().countDocuments()).toBe(0);
    // The first variant's email is optional.
    const { email: _none, ...withoutEmail } = VALID['/api/feedback'] ?? {};
    expect((await send(visitor, '/api/feedback', withoutEmail)).status).toBe(200);
    expect((await send(visitor, '/api/feedback', { ...withoutEmail, email: '' })).status).toBe(200);
  });

  it('answers a filled spam trap like a person, but keeps nothing and counts it', async () => {
    const person = await send(visitor, '/api/contact', VALID['/api/contact']);
    await messages().deleteMany({});
    const bot = await send(visitor, '/api/contact', {
      ...VALID['/api/contact'],
      extraInfo: 'http://spam.example',
    });
    expect(bot).toEqual(person);
    expect(await messages().countDocuments()).toBe(0);
    const day = new Date().toISOString().slice(0, 10);
    expect(
      await platform.db.collection('spam_counts').findOne({ form: 'contact', day }),
    ).toMatchObject({
      count: 1,
    });
  });

  it('answers a form sent within 2 s of being shown like a person, but keeps nothing', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const spamCount = async (): Promise<number> =>
      Number(
        (await platform.db.collection('spam_counts').findOne({ form: 'contact', day }))?.count ?? 0,
      );
    const spamBefore = await spamCount();
    await messages().deleteMany({});
    const fast = await visitor.post('/api/contact', VALID['/api/contact'], { 'x-form-age': '350' });
    expect(fast.status).toBe(200);
    expect(await fast.json()).toMatchObject({ success: true });
    expect(await messages().countDocuments()).toBe(0);
    expect(await spamCount()).toBe(spamBefore + 1);

    const person = await visitor.post('/api/contact', VALID['/api/contact'], {
      'x-form-age': '8000',
    });
    expect(person.status).toBe(200);
    expect(await messages().countDocuments()).toBe(1);
  });

  it('refuses oversize text', async () => {
    const long = await send(visitor, '/api/contact', {
      ...VALID['/api/contact'],
      message: 'x'.repeat(5001),
    });
    expect(long).toMatchObject({
      status: 400,
      body: { success: false, error: 'message must be at most 5000 characters' },
    });
    const name = await send(visitor, '/api/contact', {
      ...VALID['/api/contact'],
      name: 'n'.repeat(101),
    });
    expect(name.status).toBe(400);
    expect(await messages().countDocuments()).toBe(0);
  });

  it('takes the largest form, two 5000-character fields in a non-Latin script, within its body limit', async () => {
    const answer = await send(visitor, '/api/text-ocr-feedback', {
      ...VALID['/api/text-ocr-feedback'],
      howDoesItHelp: '漢'.repeat(5000),
      howCanWeImprove: '字'.repeat(5000),
    });
    expect(answer.status).toBe(200);
    expect(await messages().countDocuments()).toBe(1);
  });

  it.each(ROUTES)('refuses a 100 KB body to %s (413) and stores nothing', async (path) => {
    const answer = await send(visitor, path, {
      ...VALID[path],
      extraInfo: 'x'.repeat(100 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await messages().countDocuments()).toBe(0);
  });

  // Security tests 24-26: a cross-site page can send these without a preflight, with the
  // victim's cookie; without the session's token they change nothing.
  it.each([
    ['text/plain', JSON.stringify(VALID['/api/contact'])],
    [
      'application/x-www-form-urlencoded',
      new URLSearchParams({ name: 'X', email: 'x@example.com', message: 'hi' }).toString(),
    ],
    [
      'multipart/form-data; boundary=b0undary',
      '--b0undary\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi\r\n--b0undary--\r\n',
    ],
  ])(
    'refuses a cross-site %s POST with a valid session cookie but no token (403)',
    async (type, body) => {
      for (const path of ['/api/contact', '/api/extract', '/api/set-redirect']) {
        const response = await reader.browser.request(`${platform.api}${path}`, {
          method: 'POST',
          headers: { 'content-type': type, origin: 'https://evil.example' },
          body,
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
      }
      expect(await messages().countDocuments()).toBe(0);
      expect(await platform.db.collection('extractions').countDocuments()).toBe(0);
    },
  );

  it('refuses unknown fields', async () => {
    const answer = await send(visitor, '/api/contact', { ...VALID['/api/contact'], isAdmin: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('property isAdmin should not exist');
    expect(await messages().countDocuments()).toBe(0);
  });

  const injections = [
    { $ne: null },
    { $gt: '' },
    { $where: 'sleep(1000)' },
    { $nor: [{}] },
    ['a'],
    42,
    true,
  ];
  it.each(
    ROUTES.flatMap((path) =>
      Object.keys(VALID[path] ?? {}).flatMap((field) =>
        injections.map((value) => [path, field, JSON.stringify(value), value] as const),
      ),
    ).filter(
      ([path, field, , value]) => !(path === '/api/feedback' && field === 'rating' && value === 42),
    ),
  )('%s refuses %s = %s and stores nothing', async (path, field, _label, value) => {
    const answer = await send(visitor, path, { ...VALID[path], [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(await messages().countDocuments()).toBe(0);
  });

  it('stores text without markup, and characters as typed', async () => {
    await send(visitor, '/api/contact', {
      ...VALID['/api/contact'],
      name: '<img src=x onerror=alert(1)>Mina <b>Park</b>',
      message: 'Tom & Jerry <script>steal()</script>say "hi" < 3\r\nSecond line  ',
    });
    const row = await messages().findOne({});
    expect(row?.fields).toMatchObject({
      name: 'Mina Park',
      message: 'Tom & Jerry say "hi" < 3\nSecond line',
    });
  });

  it('needs the CSRF token', async () => {
    const response = await visitor.browser.request(`${platform.api}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID['/api/contact']),
    });
    expect(response.status).toBe(403);
    expect(await messages().countDocuments()).toBe(0);
  });

  it('grants the first text-OCR feedback bonus exactly once under 10 parallel submissions', async () => {
    const user = await platform.signIn('Bonus Seeker', 'bonus@example.com');
    const day = new Date().toISOString().slice(0, 10);
    // All five of today's extractions used.
    await platform.db
      .collection('extraction_slots')
      .insertMany([1, 2, 3, 4, 5].map((slot) => ({ userId: user.userId, day, slot })));

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(
          user,
          i % 2 ? '/api/feedback' : '/api/text-ocr-feedback',
          VALID[i % 2 ? '/api/feedback' : '/api/text-ocr-feedback'],
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const bonus = answers.filter((a) => String(a.body.message).includes('5 more extractions'));
    expect(bonus).toHaveLength(1);
    expect(await messages().countDocuments({ userId: user.userId })).toBe(10);
    expect(
      await platform.db.collection('daily_usage').findOne({ userId: user.userId, day }),
    ).toMatchObject({
      used: 5,
      remaining: 5,
    });
    const me = (await (await user.browser.request(`${platform.api}/api/me`)).json()) as {
      user: { isTextOcrFeedbackSubmitted: boolean };
    };
    expect(me.user.isTextOcrFeedbackSubmitted).toBe(true);

    // The add-on's feedback and contact messages never grant it.
    const other = await platform.signIn('Addon Person', 'addon@example.com');
    await send(other, '/api/sheets-extension-feedback', VALID['/api/sheets-extension-feedback']);
    await send(other, '/api/contact', VALID['/api/contact']);
    expect(
      await platform.db.collection('daily_usage').countDocuments({ userId: other.userId }),
    ).toBe(0);
  });

  it('grants the bonus on a day with no extractions yet: 10 for the day', async () => {
    const user = await platform.signIn('Early Bird', 'early@example.com');
    await send(user, '/api/text-ocr-feedback', VALID['/api/text-ocr-feedback']);
    const row = await platform.db.collection('daily_usage').findOne({ userId: user.userId });
    expect(row).toMatchObject({ used: 0, remaining: 10 });
  });

  describe('the support inbox API', () => {
    let support: SignedIn;
    const get = async (
      who: { browser: { request: (url: string) => Promise<Response> } },
      path: string,
    ) => {
      const response = await who.browser.request(`${platform.api}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const patch = (who: SignedIn, id: string, body: unknown) =>
      who.browser.request(`${platform.api}/api/support/messages/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrf },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      support = await platform.signIn('Sam Support', 'sam@example.com');
      await platform.db
        .collection('users')
        .updateOne({ googleId: support.googleId }, { $set: { roles: ['support'] } });
    });

    it('is 401 for visitors and 403 for people without the support role', async () => {
      expect((await get(visitor, '/api/support/messages')).status).toBe(401);
      const normal = await get(reader, '/api/support/messages');
      expect(normal).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', error: 'Only the support team can see this.' },
      });
      await send(visitor, '/api/contact', VALID['/api/contact']);
      const row = await messages().findOne({});
      const response = await patch(reader, String(row?._id), { handled: true });
      expect(response.status).toBe(403);
      expect((await messages().findOne({}))?.handled).toBe(false);
    });

    it('lists newest first, searches, filters and marks messages handled', async () => {
      await send(visitor, '/api/contact', {
        ...VALID['/api/contact'],
        message: 'First: billing question',
      });
      await send(reader, '/api/text-ocr-feedback', VALID['/api/text-ocr-feedback']);
      await send(
        visitor,
        '/api/sheets-extension-feedback',
        VALID['/api/sheets-extension-feedback'],
      );
      await send(visitor, '/api/contact', {
        ...VALID['/api/contact'],
        message: 'Last: (a+b)* regex chars?',
      });

      const all = await get(support, '/api/support/messages');
      expect(all.status).toBe(200);
      const list = all.body.messages as {
        id: string;
        form: string;
        fields: Record<string, string>;
      }[];
      expect(list.map((m) => m.form)).toEqual([
        'contact',
        'sheets-extension-feedback',
        'text-ocr-feedback',
        'contact',
      ]);
      expect(all.body.nextCursor).toBeNull();

      const search = await get(support, `/api/support/messages?q=${encodeURIComponent('(A+B)*')}`);
      expect((search.body.messages as unknown[]).length).toBe(1);
      const bySender = await get(support, '/api/support/messages?q=lena@example');
      expect((bySender.body.messages as { form: string }[]).map((m) => m.form)).toEqual([
        'text-ocr-feedback',
      ]);
      const addon = await get(support, '/api/support/messages?surface=sheets-addon');
      expect((addon.body.messages as unknown[]).length).toBe(1);
      const contacts = await get(support, '/api/support/messages?kind=contact');
      expect((contacts.body.messages as unknown[]).length).toBe(2);

      const target = list[3]?.id ?? '';
      const marked = await patch(support, target, { handled: true });
      expect(marked.status).toBe(200);
      expect(((await marked.json()) as { message: Record<string, unknown> }).message).toMatchObject(
        {
          id: target,
          handled: true,
          handledBy: 'sam@example.com',
        },
      );
      const open = await get(support, '/api/support/messages?handled=false');
      expect((open.body.messages as { id: string }[]).map((m) => m.id)).not.toContain(target);
      const unmarked = await patch(support, target, { handled: false });
      expect(((await unmarked.json()) as { message: { handled: boolean } }).message.handled).toBe(
        false,
      );
    });

    it('pages with a cursor', async () => {
      for (let i = 0; i < 5; i++) {
        await send(visitor, '/api/contact', {
          ...VALID['/api/contact'],
          message: `Message ${String(i)}`,
        });
      }
      const first = await get(support, '/api/support/messages?limit=2');
      const firstPage = first.body.messages as { fields: { message: string } }[];
      expect(firstPage.map((m) => m.fields.message)).toEqual(['Message 4', 'Message 3']);
      const second = await get(
        support,
        `/api/support/messages?limit=2&before=${encodeURIComponent(String(first.body.nextCursor))}`,
      );
      expect(
        (second.body.messages as { fields: { message: string } }[]).map((m) => m.fields.message),
      ).toEqual(['Message 2', 'Message 1']);
    });

    it('refuses bad queries and unknown messages clearly', async () => {
      expect((await get(support, '/api/support/messages?surface=elsewhere')).status).toBe(400);
      expect((await get(support, '/api/support/messages?handled=maybe')).status).toBe(400);
      for (const injection of ['q[$ne]=x', 'q[$where]=sleep(1000)', 'q[$nor][0][a]=1']) {
        expect((await get(support, `/api/support/messages?${injection}`)).status).toBe(400);
      }
      expect((await patch(support, 'not-an-id', { handled: true })).status).toBe(400);
      expect((await patch(support, '0123456789abcdef01234567', { handled: true })).status).toBe(
        404,
      );
      expect((await patch(support, '0123456789abcdef01234567', { handled: 'yes' })).status).toBe(
        400,
      );
    });
  });
});
