import { keywordFilterProblem } from '@contract/keyword-filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageServer, readPageFixture, startPageServer } from '../../tests/support/page-server';
import { createSafeFetcher, SafeFetchError } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import { audienceWordsOf, namesOnlyWhoOrWhat, rankKeyPhrases } from './key-phrases';
import { readPage } from './page-reader';
import { nameFromDescription, nameFromPage } from './product-source';
import { readRegister, toneOfVoice } from './tone-of-voice';

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => pages?.close());

const drafter = new BuiltinDrafter(createSafeFetcher({ allowHosts: ['127.0.0.1'] }));
const goal = 'Find agency owners complaining about clients who pay late';
const pageText = readPageFixture('product.html');

describe('built-in generation from a product page', () => {
  it('names the product, describes it in its own words, and proposes 3 to 5 keywords and a tone of voice', async () => {
    const project = await drafter.generateProject({
      goal,
      url: `${pages.origin}/product`,
      description: null,
    });
    expect(project.name).toBe('Tallybird');

    // The description is the page's own lead, not a template.
    expect(project.description).toMatch(/^Tallybird chases late invoices for you\./);
    const sentences = project.description.split(/(?<=[.!])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    for (const sentence of sentences) expect(pageText).toContain(sentence.slice(0, 40));

    expect(project.keywords.length).toBeGreaterThanOrEqual(3);
    expect(project.keywords.length).toBeLessThanOrEqual(5);
    const names = project.keywords.map((keyword) => keyword.name);
    expect(new Set(names).size).toBe(names.length);
    // What an agency owner writes when clients pay late, not the page's nouns.
    expect(names).toEqual(
      expect.arrayContaining([
        'chasing late invoices',
        'get paid on time',
        'chasing clients',
        'clients paying late',
      ]),
    );
    for (const noun of ['small agencies', 'freelancers', 'client portal', 'cash flow forecasts'])
      expect(names).not.toContain(noun);
    for (const { name, filter } of project.keywords) {
      expect(name.toLowerCase()).not.toContain('tallybird');
      expect(filter).toMatch(/^-hiring -"job offer"/);
      expect(keywordFilterProblem(filter)).toBeNull();
    }
    // A late invoice is not a late credit-card payment.
    expect(project.keywords.find((k) => k.name === 'chasing late invoices')?.filter).toBe(
      '-hiring -"job offer" -"credit card" -loan -mortgage -sql',
    );

    expect(project.tov).toMatch(/^Write in a .+ voice/);
    expect(project.tov).toContain('"you"'); // the page talks to its reader
    expect(project.tov).toContain(goal);
    expect(project.tov).toContain('Tallybird');
  });

  it('gives the same project for the same input', async () => {
    const brief = { goal, url: `${pages.origin}/product`, description: null };
    expect(await drafter.generateProject(brief)).toEqual(await drafter.generateProject(brief));
  });

  it('works from the written description when there is no website', async () => {
    const description =
      'Crumbly is a recipe costing app for home bakers who sell at markets. It tracks ingredient prices, works out the cost of every loaf and tells you what to charge! We built it because we love baking.';
    const project = await drafter.generateProject({ goal: 'Reach indie bakers', url: null, description });
    expect(project.name).toBe('Crumbly');
    expect(project.description).toBe(description);
    expect(project.keywords.map((k) => k.name)).toEqual([
      'what to charge',
      'recipe costing',
      'tracking ingredient prices',
    ]);
    expect(project.tov).toMatch(/^Write in a warm, conversational voice/);
    expect(project.tov).toContain('exclamation mark now and then');
  });

  it('names a product served from an IP address after its title, and the tone of voice uses that name', async () => {
    const project = await drafter.generateProject({
      goal: 'Find freelancers whose clients pay late',
      url: `${pages.origin}/pages/invoice-ninja`,
      description: null,
    });
    expect(project.name).toBe('InvoiceNinja Pro');
    expect(project.tov).toContain('mention InvoiceNinja Pro only where it genuinely helps');
    expect(project.tov).not.toContain('127');
  });

  it.each([
    [
      'invoice-ninja',
      'Find freelancers whose clients pay late',
      ['clients not paying', 'chasing unpaid invoices', 'chasing payments', 'get paid on time'],
    ],
    [
      'language-course',
      'Reach adults learning Spanish',
      ['learn spanish', 'speak spanish', 'practice speaking', 'forgetting vocabulary'],
    ],
    [
      'sql-course',
      'Find analysts who want to learn SQL',
      ['learn sql', 'copying queries', 'writing queries'],
    ],
    [
      'photo-editor',
      'Reach Etsy sellers with bad product photos',
      ['removing backgrounds', 'fixing blurry shots', 'brighten dark photos'],
    ],
  ])(
    'proposes the needs people write about for the %s page, each with a filter that reads',
    async (page, pageGoal, needs) => {
      const project = await drafter.generateProject({
        goal: pageGoal,
        url: `${pages.origin}/pages/${page}`,
        description: null,
      });
      const names = project.keywords.map((keyword) => keyword.name);
      expect(names).toEqual(expect.arrayContaining(needs));
      expect(names.length).toBeLessThanOrEqual(5);
      const audience = audienceWordsOf([{ text: readPageFixture(`${page}.html`), weight: 1 }]);
      for (const { name, filter } of project.keywords) {
        expect(namesOnlyWhoOrWhat(name, audience)).toBe(false);
        expect(name).not.toMatch(project.name.toLowerCase());
        expect(keywordFilterProblem(filter)).toBeNull();
        expect(filter?.length).toBeLessThanOrEqual(80);
      }
    },
  );

  it('excludes another sense of a keyword only when the product does not speak of it', async () => {
    const sql = await drafter.generateProject({
      goal: 'Find analysts who want to learn SQL',
      url: `${pages.origin}/pages/sql-course`,
      description: null,
    });
    expect(sql.keywords.map((k) => k.filter).join(' ')).not.toContain('-sql');
    const photos = await drafter.generateProject({
      goal: 'Reach Etsy sellers',
      url: `${pages.origin}/pages/photo-editor`,
      description: null,
    });
    expect(photos.keywords.find((k) => k.name === 'removing backgrounds')?.filter).toBe(
      '-hiring -"job offer" -"background check"',
    );
  });

  it('proposes no audience or kind of product from a description that names little else', async () => {
    const project = await drafter.generateProject({
      goal: 'Find agencies that pay late',
      url: null,
      description:
        'Ledgerly is a one-person bookkeeping service for freelancers. We reconcile your bank statements, chase unpaid invoices and file your quarterly taxes so you never miss a deadline.',
    });
    const names = project.keywords.map((keyword) => keyword.name);
    expect(names).toEqual(
      expect.arrayContaining(['reconcile bank statements', 'chase unpaid invoices', 'file taxes']),
    );
    for (const noun of ['person bookkeeping service', 'bookkeeping service', 'freelancers'])
      expect(names).not.toContain(noun);
  });

  it.each([
    [
      'Mealwise plans a week of family dinners in five minutes and builds the shopping list for you. Stop wondering what to cook every night.',
      ['planning family dinners', 'what to cook'],
    ],
    [
      'Rentroll is a property management app for small landlords. Collect rent online, track repairs and screen tenants without spreadsheets.',
      ['collect rent', 'track repairs', 'screen tenants'],
    ],
    [
      'Vowly helps couples plan their wedding on a budget: track guests, compare vendors and keep every deadline in one checklist.',
      ['plan wedding', 'track guests', 'compare vendors'],
    ],
    [
      'Shieldly is a privacy tool: it hides your IP address from websites and blocks ad trackers on every device.',
      ['hiding ip address', 'blocking ad trackers'],
    ],
  ])('proposes what people need done from a description alone: %s', async (description, needs) => {
    const project = await drafter.generateProject({
      goal: 'Find people who need this',
      url: null,
      description,
    });
    const names = project.keywords.map((keyword) => keyword.name);
    expect(names).toEqual(expect.arrayContaining(needs));
    const audience = audienceWordsOf([{ text: description, weight: 1 }]);
    for (const name of names) expect(namesOnlyWhoOrWhat(name, audience)).toBe(false);
  });

  it.each([
    [
      'An Excel add-in that writes and explains formulas, cleans imported data and turns repetitive spreadsheet work into one-click macros, without learning VBA.',
      'Find people stuck on an Excel formula, a VBA macro or a repetitive spreadsheet task',
      ['excel formula', 'vba macro'],
    ],
    [
      'Lesson planning and grading for teachers: build a unit from standards-aligned templates, grade with rubrics in half the time, and share plans with your department.',
      'Find teachers overwhelmed by lesson planning or grading',
      ['lesson planning', 'grading'],
    ],
    [
      'A VPN and tracker blocker: encrypts your connection on public Wi-Fi, hides your IP address from sites and blocks ad trackers on every device.',
      'Find people worried about online tracking or looking for a VPN',
      ['online tracking', 'vpn'],
    ],
    [
      'A resume builder that turns your experience into a clean, ATS-friendly resume and a matching cover letter, with feedback on each bullet point.',
      'Find job seekers who need help with their resume or cover letter',
      // two everyday words together name a thing of their own
      ['resume', 'cover letter'],
    ],
    [
      'A writing app for novelists: outline chapters and scenes, keep characters and notes beside the draft, and share chapters with beta readers.',
      'Writers stuck on a novel or looking for feedback on their draft',
      ['novel'],
    ],
  ])(
    'proposes first what the goal says its people are stuck on, as they write it: %s',
    async (description, goal, stated) => {
      const project = await drafter.generateProject({ goal, url: null, description });
      const names = project.keywords.map((keyword) => keyword.name);
      expect(names.slice(0, stated.length)).toEqual(stated);
      expect(names.length).toBeGreaterThanOrEqual(3);
      expect(names.length).toBeLessThanOrEqual(5);
      // The tools a product works with are not its name: nothing of the product is left out for it.
      expect(project.name).toBe('My product');
    },
  );

  it.each([
    ['Crumbly is a recipe costing app for home bakers.', 'Crumbly'],
    ["Lawbly answers tenants' questions about deposits, evictions and leases.", 'Lawbly'],
    ['Small businesses lose hours every week to invoices. Paydo fixes that.', 'Paydo'],
    ['Tripnote plans solo trips: a day-by-day itinerary and a budget in any currency.', 'Tripnote'],
    ['Lesson plans for teachers: build a unit from templates.', null],
    ['Recipe books for busy parents, one shopping list a week.', null],
    ['An Excel add-in that writes and explains formulas.', null],
    ['Managed WordPress hosting that makes sites fast.', null],
    ['Kitchen management for restaurants: recipe costing and prep lists.', null],
  ])('finds the name in a description only where a sentence says what it does: %s', (description, name) => {
    expect(nameFromDescription(description)).toBe(name);
  });

  it('proposes none of a goal’s everyday words, which every community writes', async () => {
    const project = await drafter.generateProject({
      goal: 'Find people starting to work out, and small businesses struggling to keep up with posting or looking for feedback',
      url: null,
      description:
        'Fitplan builds a beginner strength programme, logs your lifts and counts calories from a barcode scan.',
    });
    const names = project.keywords.map((keyword) => keyword.name);
    for (const everyday of ['work out', 'keep up', 'keep up with posting', 'feedback'])
      expect(names).not.toContain(everyday);
    expect(project.name).toBe('Fitplan');
  });

  it('passes on why a page could not be read', async () => {
    const error = await drafter
      .generateProject({ goal, url: `${pages.origin}/brochure.pdf`, description: null })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({ kind: 'not_html' });
  });

  it('suggests a tone of voice and reads the description again from the page', async () => {
    const form = {
      name: 'Tallybird',
      url: `${pages.origin}/product`,
      description: 'x',
      goal: 'Help freelancers get paid',
      tov: '',
      keywords: [],
    };
    expect(await drafter.regenerateTov(form)).toContain('Help freelancers get paid');
    expect(await drafter.regenerateDescription(form)).toMatch(/^Tallybird chases late invoices/);
    const withoutPage = await drafter.regenerateTov({
      ...form,
      url: '',
      description: 'We solve it. We ship it.',
    });
    expect(withoutPage).toContain('("we")');
  });
});

describe('reading a page', () => {
  it('leaves navigation, cookie banners and the footer out of the main text', () => {
    const page = readPage({ url: 'https://tallybird.example/', text: pageText, contentType: 'text/html' });
    expect(page).toMatchObject({
      siteName: 'Tallybird',
      title: 'Tallybird — Invoice reminders that get agencies paid on time',
      metaDescription: expect.stringMatching(/^Tallybird chases late invoices for you\./),
    });
    const text = page.paragraphs.join('\n');
    expect(text).toContain('Connect your invoicing tool in two minutes');
    for (const noise of ['Privacy policy', 'All rights reserved', 'Accept all cookies', 'Start free trial'])
      expect(text).not.toContain(noise);
  });

  it.each([
    [
      { siteName: null, title: 'Invoice reminders for agencies | Tallybird', url: 'https://tallybird.com/' },
      'Tallybird',
    ],
    [{ siteName: null, title: 'Acme — Rockets for everyone', url: 'https://www.acme.io/' }, 'Acme'],
    [{ siteName: null, title: null, url: 'https://dog-walk.app/' }, 'Dog Walk'],
    [
      {
        siteName: null,
        title: 'InvoiceNinja Pro – Automatic invoice reminders',
        url: 'http://127.0.0.1:8080/',
      },
      'InvoiceNinja Pro',
    ],
    [
      { siteName: null, title: 'Foo Pro — invoices that pay themselves', url: 'https://getfoo.io/' },
      'Foo Pro',
    ],
    [{ siteName: null, title: 'InvoiceNinja Pro', url: 'http://127.0.0.1:4000/' }, 'InvoiceNinja Pro'],
    [{ siteName: null, title: 'Home | Acme', url: 'http://10.0.0.7/' }, 'Acme'],
    [{ siteName: null, title: 'Get paid on time, every time', url: 'http://127.0.0.1/' }, 'My product'],
  ])('finds the product name in %o', (page, name) => {
    expect(nameFromPage(page)).toBe(name);
  });
});

describe('key phrases and register', () => {
  it('merges variants by stem and leaves out the product name and stock phrases', () => {
    const phrases = rankKeyPhrases(
      [
        {
          text: 'Payment reminders for agencies. A payment reminder every week. Start your free trial.',
          weight: 1,
        },
        { text: 'Tallybird reminders keep the client portal tidy.', weight: 1 },
      ],
      ['Tallybird'],
    ).map((p) => p.phrase);
    expect(phrases[0]).toBe('payment reminders');
    expect(phrases).not.toContain('payment reminder');
    expect(phrases).not.toContain('free trial');
    expect(phrases.join(' ')).not.toContain('tallybird');
  });

  it('reads a formal register as professional and a breezy one as conversational', () => {
    const formal = readRegister(
      'Our enterprise solutions ensure compliance across organisations. Stakeholders leverage a comprehensive, robust platform to optimise operations.',
    );
    expect(toneOfVoice(formal, '', 'Acme')).toMatch(
      /^Write in a clear, professional voice that speaks as the team/,
    );
    const breezy = readRegister("Hey! You'll love it. It's super easy. Just try it!");
    expect(toneOfVoice(breezy, '', 'Acme')).toBe(
      'Write in a warm, conversational voice that speaks to the reader directly as "you", in short, direct sentences, with an exclamation mark now and then. Answer the person\'s actual point first, and mention Acme only where it genuinely helps.',
    );
  });
});
