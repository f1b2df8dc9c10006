import { createHash } from 'node:crypto';
import { LANGUAGE_CODES, RTL_LANGUAGES } from 'shared-contracts';
import { challengePage, messagePage, payPage, type PageOrder } from '../../src/modules/payments/sandbox-page';
import { SANDBOX_TEXTS, type SandboxTexts } from '../../src/modules/payments/sandbox-text/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { CARD_V3, createPay, packageId, pagePath, submitSandbox, TEST_SANDBOX_SECRET } from '../helpers/payments';

// The sandbox's hosted pay page in the order's language: every text from a typed table of the 16 languages,
// <html lang dir> from orders.lang (unknown or missing → English), prices formatted for that language.

const KEYS = Object.keys(SANDBOX_TEXTS.en) as Array<keyof SandboxTexts>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the text table', () => {
  it('has every language of the shop, each with a non-empty text for every key', () => {
    expect(Object.keys(SANDBOX_TEXTS).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const lang of LANGUAGE_CODES) {
      const texts = SANDBOX_TEXTS[lang];
      expect(Object.keys(texts).sort()).toEqual([...KEYS].sort());
      for (const key of KEYS) {
        expect([lang, key, typeof texts[key]]).toEqual([lang, key, 'string']);
        expect([lang, key, texts[key].trim().length > 0]).toEqual([lang, key, true]);
      }
    }
  });

  it('keeps the placeholders of the English text in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const key of KEYS) {
        expect([lang, key, placeholders(SANDBOX_TEXTS[lang][key])]).toEqual([
          lang,
          key,
          placeholders(SANDBOX_TEXTS.en[key]),
        ]);
      }
    }
  });
});

describe('the pages in every language (rendered directly)', () => {
  const order = (lang: string | null): PageOrder => ({
    orderId: 42,
    description: 'Europe 5 GB',
    amount: 1200,
    tax: 84,
    currency: 'EUR',
    method: 'stripe',
    lang,
  });

  it('sets lang and dir, shows the language texts and leaves no placeholder', () => {
    for (const lang of LANGUAGE_CODES) {
      const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
      const t = SANDBOX_TEXTS[lang];
      const pages = [
        payPage('/pay', order(lang)),
        challengePage('/pay', order(lang), 2),
        messagePage('expired', lang, 'https://shop.example/back'),
        messagePage('notFound', lang, null),
      ];
      for (const html of pages) {
        expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
        expect(html).toContain(t.footer.replace(/'/g, '&#39;'));
        // Every page says first that payments are simulated (the sandbox never runs in production).
        expect(html).toContain(`<header><p class="simulated">${t.simulated.replace(/'/g, '&#39;')}</p></header>`);
        expect(html).not.toMatch(/\{(total|code|left)\}/);
      }
      const [pay, challenge, expired] = pages as [string, string, string];
      for (const text of [t.testCard, t.decline, t.cancel, t.cardInstant, t.cardChallenge, t.package, t.total]) {
        expect(pay).toContain(text);
      }
      // The test card numbers stay as they are, kept left to right on a right-to-left page.
      expect(pay).toContain('<bdi dir="ltr">4242 4242 4242 4242</bdi>');
      expect(pay).toContain('<bdi dir="ltr">4000 0027 6000 3184</bdi>');
      expect(challenge).toContain(t.codeLabel);
      expect(challenge).toContain(t.codeHint.replace('{code}', '123456'));
      expect(challenge).toContain(t.codeWrong.replace('{left}', '2'));
      expect(expired).toContain(t.expiredTitle);
      expect(expired).toContain(t.backToShop);
    }
  });

  it('falls back to English for an unknown or missing language, and tolerates a region subtag', () => {
    for (const lang of [null, '', 'xx', 'klingon']) {
      const html = payPage('/pay', order(lang));
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).toContain('>Pay €12.84</button>');
    }
    expect(payPage('/pay', order('he-IL'))).toContain('<html lang="he" dir="rtl">');
    expect(payPage('/pay', order('DE'))).toContain('<html lang="de" dir="ltr">');
  });

  it('formats prices for the language', () => {
    // Intl puts a no-break space between the German amount and its currency sign.
    expect(payPage('/pay', order('de'))).toMatch(/<dd class="total">12,84\s€<\/dd>/);
    expect(payPage('/pay', order('en'))).toContain('<dd class="total">€12.84</dd>');
    expect(payPage('/pay', { ...order('fr'), method: 'paypal' })).toContain(SANDBOX_TEXTS.fr.payByPaypal);
  });
});

describe('the served page follows the order language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ payments: { sandboxSecret: TEST_SANDBOX_SECRET } });
  });
  afterAll(async () => t.close());

  /** A fresh order on the EUR card in `lang` (the purchase key is cleared so every call opens a new order). */
  const open = async (lang: string) => {
    const id = await packageId(t.db, 'global-1gb-7d');
    await t.db.query(`UPDATE orders SET purchase_key = NULL WHERE iccid = $1`, [CARD_V3]);
    const { body } = await createPay(t.app, { id, iccid: CARD_V3, flag: '3', ccy: 'EUR', lang });
    expect(body.code).toBe(10000);
    return body.data;
  };
  const show = async (payUrl: string) => t.app.inject({ method: 'GET', url: pagePath(payUrl) });

  it('shows a German order in German, left to right', async () => {
    const order = await open('de');
    const page = await show(order.pay_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<legend>Testkarte</legend>');
    expect(page.body).toMatch(
      /<button class="primary" type="submit" name="action" value="pay">[^<]+ bezahlen<\/button>/,
    );
    expect(page.body).toContain('Abbrechen und zurück zum Shop');
    expect(page.body).toContain('<title>Bezahlen · eSIM Shop – Sandbox</title>');
    expect(page.body).toMatch(/<dd class="total">\d+,\d{2}\s€<\/dd>/);
    expect(page.body).not.toContain('Cancel and return to the shop');
    // The style sheet is still the one the page's CSP allows by hash.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
  });

  it('shows an Arabic order right to left with Arabic buttons', async () => {
    const order = await open('ar');
    const page = await show(order.pay_url);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toMatch(/value="pay">ادفع [^<]+<\/button>/);
    expect(page.body).toContain('>رفض (محاكاة بطاقة مرفوضة)</button>');
    expect(page.body).toContain('>إلغاء والعودة إلى المتجر</button>');
    expect(page.body).toContain('<bdi dir="ltr">4000 0027 6000 3184</bdi>');
  });

  it('falls back to English for an unknown or missing order language', async () => {
    const order = await open('de');
    for (const lang of ['xx', null]) {
      await t.db.query(`UPDATE orders SET lang = $2 WHERE id = $1`, [Number(order.order_id), lang]);
      const page = await show(order.pay_url);
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('<legend>Test card</legend>');
      expect(page.body).toContain('>Cancel and return to the shop</button>');
    }
  });

  it('translates the 3-D Secure step, its error, and the expired page', async () => {
    const order = await open('de');
    const challenge = await submitSandbox(t.app, order.pay_url, { action: 'pay', card: 'challenge' });
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('<html lang="de" dir="ltr">');
    expect(challenge.html).toContain('<span class="badge">Sandbox-Bank</span>');
    expect(challenge.html).toContain('<label class="field" for="code">Bestätigungscode</label>');
    expect(challenge.html).toContain('Sandbox: Der Code lautet 123456.');
    expect(challenge.html).toContain('value="verify">Bestätigen</button>');
    const wrong = await submitSandbox(t.app, order.pay_url, { action: 'verify', code: '000000' });
    expect(wrong.html).toContain(
      '<p class="error" id="code-error" role="alert">Dieser Code ist nicht richtig. Verbleibende Versuche: 2.</p>',
    );
    expect(wrong.html).toContain('aria-invalid="true"');

    const hebrew = await open('he');
    const rtl = await submitSandbox(t.app, hebrew.pay_url, { action: 'pay', card: 'challenge' });
    expect(rtl.html).toContain('<html lang="he" dir="rtl">');
    expect(rtl.html).toContain('<label class="field" for="code">קוד אימות</label>');

    await t.db.query(`UPDATE sandbox_sessions SET expires_at = now() - interval '1 minute' WHERE order_id = $1`, [
      Number(hebrew.order_id),
    ]);
    const expired = await show(hebrew.pay_url);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<html lang="he" dir="rtl">');
    expect(expired.body).toContain('<h1>תוקף הפעלת התשלום פג</h1>');
    expect(expired.body).toContain('>חזרה לחנות</a>');
  });
});
