import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageServer, readPageFixture, startPageServer } from '../../tests/support/page-server';
import { createSafeFetcher, SafeFetchError } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
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
  it('names the product, describes it in its own words, and proposes 8 to 12 keywords and a tone of voice', async () => {
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

    // 8 to 12 proposals, each said once and never the product's name, the best three preselected.
    const proposals = project.proposals.map((keyword) => keyword.name);
    expect(proposals.length).toBeGreaterThanOrEqual(8);
    expect(proposals.length).toBeLessThanOrEqual(12);
    expect(new Set(proposals).size).toBe(proposals.length);
    expect(project.keywords).toEqual(project.proposals.slice(0, 3));
    for (const { name, filter } of project.proposals) {
      expect(name.toLowerCase()).not.toContain('tallybird');
      expect(filter).toBeNull();
    }
    // What the product is about: late invoices and the clients who pay them.
    expect(
      proposals.filter((name) => /invoice|payment|paid|client/.test(name)).length,
    ).toBeGreaterThanOrEqual(2);

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
    const proposals = project.proposals.map((keyword) => keyword.name);
    expect(proposals.length).toBeGreaterThanOrEqual(8);
    expect(proposals.filter((name) => /bak|recipe|ingredient/.test(name)).length).toBeGreaterThanOrEqual(2);
    expect(proposals.join(' ')).not.toContain('crumbly');
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
      'Mealwise plans a week of family dinners in five minutes and builds the shopping list for you.',
      'Find parents who never know what to cook',
      /dinner|meal|cook|shopping|recipe|grocer/,
    ],
    [
      'Rentroll is a property management app for small landlords. Collect rent online and screen tenants.',
      'Find small landlords struggling with tenants',
      /rent|landlord|tenant|property/,
    ],
    [
      'Vowly helps couples plan their wedding on a budget: track guests, compare vendors and keep one checklist.',
      'Find couples planning a wedding',
      /wedding|guest|vendor|couple|bride/,
    ],
    [
      'Open-source CRM for freelancers.',
      'Find freelancers who lose track of their clients',
      /crm|client|freelanc/,
    ],
    [
      'A shift scheduling app for small cafes and restaurants.',
      'find teams',
      /shift|schedul|cafe|restaurant/,
    ],
    ['Password manager for families.', 'Find people who reuse passwords', /password/],
  ])(
    'proposes 8 to 12 keywords a person with the need would search, from a one-line description: %s',
    async (description, goal, topic) => {
      const project = await drafter.generateProject({ goal, url: null, description });
      const names = project.proposals.map((keyword) => keyword.name);
      expect(names.length).toBeGreaterThanOrEqual(8);
      expect(names.length).toBeLessThanOrEqual(12);
      expect(names.filter((name) => topic.test(name)).length).toBeGreaterThanOrEqual(2);
      expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
      if (project.name !== 'My product')
        for (const name of names) expect(name).not.toContain(project.name.toLowerCase());
    },
  );

  it('refuses a text without one word it knows, asking what the product does', async () => {
    await expect(
      drafter.generateProject({ goal: 'zxqv', url: null, description: 'Qwzx vbnmq plrk.' }),
    ).rejects.toThrow('We could not find what the product is about in that text');
  });

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
    const names = project.proposals.map((keyword) => keyword.name);
    for (const everyday of ['work out', 'keep up', 'keep up with posting'])
      expect(names).not.toContain(everyday);
    // At most one single everyday word ("feedback", "app"): a search for it finds mostly other things.
    const everyday = names.filter((name) => ['feedback', 'app', 'work', 'posting', 'looking'].includes(name));
    expect(everyday.length).toBeLessThanOrEqual(1);
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

describe('register', () => {
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
