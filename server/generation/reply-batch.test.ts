import { describe, expect, it } from 'vitest';
import { replyCharLimit, replyMaxWords } from '../engine/drafting/reply-rules';
import { createSafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { ReplyPost, ReplyProject } from './drafter';
import { readPostPoint, stemsOf } from './post-point';
import { ReplyMemory } from './reply-writer';

const drafter = new BuiltinDrafter(createSafeFetcher({ allowHosts: [] }));

const sheets: ReplyProject = {
  name: 'Sheetsmith',
  url: 'https://sheetsmith.example',
  description:
    'Sheetsmith writes and explains Excel and Google Sheets formulas from a plain-English question. It spots broken references and suggests a faster formula when a sheet gets slow.',
  goal: 'Find people stuck on spreadsheet formulas, lookups or slow workbooks',
  tov: 'Friendly and practical, speaking to the reader as "you", in short sentences.',
};
const rota: ReplyProject = {
  name: 'Rotaboard',
  url: null,
  description:
    'Rotaboard plans staff rotas for restaurants, kitchens and clinics. Staff swap shifts and request time off from their phones, and managers approve them in one place.',
  goal: 'Find kitchen and clinic managers who struggle with staff schedules and shift swaps',
  tov: 'Write in a clear, professional voice, in sentences of moderate length, without exclamation marks.',
};

/** Posts shaped like the ones discovery keeps: short questions, fragments, complaints, several networks. */
const posts: Array<{ post: ReplyPost; project: ReplyProject }> = [
  {
    project: sheets,
    post: {
      author: 'a1',
      keyword: 'IF statement',
      network: 'reddit',
      title: 'Can anyone help me fix this IF statement?',
      content: 'It returns FALSE for every row even when the cell says Paid. Excel 2010.',
    },
  },
  {
    project: sheets,
    post: {
      author: 'a2',
      keyword: 'formula',
      network: 'reddit',
      title: 'Apply a formula to forty thousand rows?',
      content: 'Dragging the fill handle takes forever and the sheet freezes halfway.',
    },
  },
  {
    project: sheets,
    post: {
      author: 'a3',
      keyword: 'VLOOKUP',
      network: 'x',
      title: null,
      content:
        'is there a way to make VLOOKUP return the last match instead of the first? my sheet is slow enough already',
    },
  },
  {
    project: sheets,
    post: {
      author: 'a4',
      keyword: 'pivot table',
      network: 'bluesky',
      title: null,
      content: 'My pivot table refuses to refresh after I added a new column. Hate this.',
    },
  },
  {
    project: sheets,
    post: {
      author: 'a5',
      keyword: 'spreadsheet',
      network: 'hackernews',
      title: 'Ask HN: What do you use instead of a spreadsheet for a small team budget?',
      content: 'We are four people and the shared spreadsheet keeps breaking whenever someone sorts it.',
    },
  },
  {
    project: rota,
    post: {
      author: 'b1',
      keyword: 'staff rota',
      network: 'reddit',
      title: 'How many days before do you publish your staff rota?',
      content: 'We run a café with nine staff. I post it on Sunday night and people complain.',
    },
  },
  {
    project: rota,
    post: {
      author: 'b2',
      keyword: 'shift swaps',
      network: 'mastodon',
      title: null,
      content:
        'Shift swaps in our kitchen happen over a group chat and someone always misses one. How do you keep track of shift swaps?',
    },
  },
  {
    project: rota,
    post: {
      author: 'b3',
      keyword: 'scheduling app',
      network: 'reddit',
      title: 'Looking for a scheduling app for a clinic with twenty staff',
      content: 'Paper rotas on the wall are not working anymore. Budget is tight.',
    },
  },
  {
    project: rota,
    post: {
      author: 'b4',
      keyword: 'night shifts',
      network: 'x',
      title: null,
      content:
        'Our nurses are burning out from back-to-back night shifts and management calls it fair. Exhausted.',
    },
  },
  {
    project: rota,
    post: {
      author: 'b5',
      keyword: 'overtime',
      network: 'reddit',
      title: 'Is it normal to be asked to do overtime every weekend?',
      content: 'Line cook, six months in. Every Friday the chef asks who can stay late.',
    },
  },
];

const sentencesOf = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("a day's built-in drafts", async () => {
  const batch = new ReplyMemory();
  const replies: string[] = [];
  for (const { post, project } of posts)
    replies.push(await drafter.draftReply({ post, project, prompt: '', batch }));

  it('never repeat a sentence across the posts of the day', () => {
    const said = replies.flatMap((reply, index) =>
      sentencesOf(reply.replaceAll(posts[index]?.project.name ?? '', 'PRODUCT')).map((s) => s.toLowerCase()),
    );
    expect(said.filter((sentence, index) => said.indexOf(sentence) !== index)).toEqual([]);
  });

  it('never repeat a phrasing, even with other words in its slots', () => {
    // The longest run of words two replies share, once the post's own words are masked out.
    const masked = replies.map((reply, index) => {
      const own = new Set(
        `${posts[index]?.post.title ?? ''} ${posts[index]?.post.content ?? ''} ${posts[index]?.project.description}`
          .toLowerCase()
          .match(/[\p{L}\p{N}'-]+/gu),
      );
      return (reply.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? []).map((word) =>
        own.has(word) ? '*' : word,
      );
    });
    const runs = (tokens: string[]) => {
      const found = new Set<string>();
      for (let i = 0; i + 6 <= tokens.length; i++) {
        const run = tokens.slice(i, i + 6);
        if (run.filter((word) => word !== '*').length >= 5) found.add(run.join(' '));
      }
      return found;
    };
    const seen = new Map<string, number>();
    for (const [index, tokens] of masked.entries()) {
      for (const run of runs(tokens)) {
        const earlier = seen.get(run);
        expect(earlier === undefined, `"${run}" in replies ${earlier} and ${index}`).toBe(true);
        seen.set(run, index);
      }
    }
  });

  it.each(posts.map(({ post }, index) => [post.keyword, index] as const))(
    '"%s": answers with a word from the post\'s point, within the network\'s limit',
    (_keyword, index) => {
      const { post } = posts[index] ?? {};
      const reply = replies[index] ?? '';
      if (!post) throw new Error('no post');
      const point = readPostPoint(post);
      const pointStems = stemsOf(`${point.sentence} ${point.topic}`);
      const replyStems = stemsOf(reply);
      expect(
        [...pointStems].some((stem) => replyStems.has(stem)),
        reply,
      ).toBe(true);
      expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
      const limit = replyCharLimit(post.network);
      if (limit) expect(reply.length).toBeLessThanOrEqual(limit);
    },
  );

  it('name the product in one complete sentence, never cut mid-description', () => {
    let named = 0;
    for (const [index, reply] of replies.entries()) {
      const { project } = posts[index] ?? {};
      if (!project) throw new Error('no project');
      expect(reply).not.toContain('…');
      const withName = sentencesOf(reply).filter((sentence) => sentence.includes(project.name));
      expect(withName.length).toBeLessThanOrEqual(1);
      const [sentence] = withName;
      if (!sentence) continue;
      named += 1;
      expect(sentence).toMatch(/[.)]$/);
      // The description's words it uses run on to the end of one of its sentences.
      const ends = sentencesOf(project.description).map((s) =>
        s
          .replace(/[.!?]$/, '')
          .split(' ')
          .slice(-3)
          .join(' '),
      );
      expect(
        ends.some((end) => sentence.includes(end)),
        sentence,
      ).toBe(true);
    }
    expect(named).toBeGreaterThanOrEqual(4);
  });

  it('answer a 10 KB post from what it opens with, briefly and whole', async () => {
    const long: ReplyPost = {
      author: 'c1',
      keyword: 'formula',
      network: 'reddit',
      title: 'How do you keep a formula from breaking when rows are inserted?',
      content: 'Every week someone inserts rows above the totals and the formula shifts. '.repeat(140),
    };
    expect(long.content.length).toBeGreaterThan(10_000);
    const reply = await drafter.draftReply({ post: long, project: sheets, prompt: '' });
    expect(reply).toMatch(/^To keep a formula from breaking when rows are inserted,/);
    expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
    expect(reply).toMatch(/[.?)]$/);
  });

  it('do not splice a question they cannot parse into a broken sentence', () => {
    const rotaReply = replies[5] ?? '';
    expect(rotaReply).not.toMatch(/^To many days/i);
    expect(rotaReply).toMatch(/staff rota/);
  });
});

describe('built-in replies read what the post asks', () => {
  const shop: ReplyProject = {
    name: 'Shopnote',
    url: null,
    description:
      'Shopnote helps Etsy sellers write listings that get found: it suggests titles and tags from what buyers search for.',
    goal: 'Find Etsy sellers who struggle with listings, tags, views or sales',
    tov: 'Warm and encouraging, in plain words.',
  };
  const reply = (post: Omit<ReplyPost, 'author' | 'network'>, project: ReplyProject = shop) =>
    drafter.draftReply({ post: { author: 'x', network: 'reddit', ...post }, project, prompt: '' });

  it('answers a request for feedback on something of theirs as feedback, past the community tag', async () => {
    const post = {
      keyword: 'shop',
      title: '[Maker] Any feedback on my shop please? Trying to work out how to get sales.',
      content: 'I opened it in March and sell candles. Views are fine but nobody buys.',
    };
    expect(readPostPoint(post)).toMatchObject({
      kind: 'feedback',
      sentence: 'Any feedback on my shop please?',
    });
    expect(await reply(post)).toMatch(/your shop/i);
  });

  it('answers "has anyone tried…" with what to ask those who did, not with a fix', async () => {
    const post = {
      keyword: 'Reddit',
      title: '[Question] Has anyone advertised on Reddit?',
      content: 'I am thinking of spending $50 on a Reddit ad for my shop. Worth it?',
    };
    expect(readPostPoint(post).kind).toBe('experience');
    const text = await reply(post);
    expect(text).toMatch(/Reddit/);
    expect(text).not.toMatch(/what you expect to happen|fails|the fix/);
  });

  it('reads the question a remark trails into, and a question that opens with what they want to do', () => {
    expect(
      readPostPoint({
        keyword: 'listings',
        title: 'About ready to throw in the towel... How do you stay positive?',
        content: 'Seven weeks without a sale.',
      }),
    ).toMatchObject({ kind: 'how', aim: 'stay positive' });
    expect(
      readPostPoint({
        keyword: 'productivity software',
        title: 'Consolidating Productivity Software?',
        content: 'I use four apps for one job.',
      }),
    ).toMatchObject({ kind: 'how', aim: 'consolidate productivity software' });
    expect(
      readPostPoint({
        keyword: 'bulk insert',
        title: 'Making null fields into empty fields in bulk insert?',
        content: 'MS SQL 2008, every empty field imports as NULL.',
      }),
    ).toMatchObject({ aim: 'make null fields into empty fields in bulk insert' });
  });

  it('answers someone who cannot make themselves start with a way to keep going, not a fault to find', async () => {
    const text = await reply({
      keyword: 'listings',
      title: "Every day I plan to update my listings. Then I don't.",
      content:
        "What's wrong with me? I have the photos and the new titles ready for every listing. Nothing. Instead I scroll the forums.",
    });
    expect(text).toMatch(/this week|a bad week|what you did/);
    expect(text).not.toMatch(/sample of your data|stop working|setup|the fix|fails/);
  });

  it('reads "which tools would you suggest" as asking for a tool, and "any good tips on where to start?" as not knowing where to start', async () => {
    expect(
      readPostPoint({
        keyword: 'listings',
        title: 'Need help with my listings',
        content:
          'I sell in three shops now. Which tools or spreadsheets would you suggest for tracking listings across shops?',
      }).kind,
    ).toBe('recommend');
    const start = {
      keyword: 'etsy shop',
      title: "Opening my first Etsy shop and I have no idea what I'm doing...advice?",
      content:
        'I make candles and want to sell them online for the first time. Any good tips on where to start?',
    };
    expect(readPostPoint(start).kind).toBe('how');
    const text = await reply(start);
    expect(text).toMatch(
      /decision everything else hangs on|first version you can actually finish|a step ahead of you/,
    );
    expect(text).toMatch(/most uncertain|looked at so far/);
    expect(text).not.toMatch(/setup|stop working|the fix/);
  });

  it('answers a dispute with a landlord or an employer with the facts and the agreement, never a test on a small case', async () => {
    const disputes = [
      {
        keyword: 'security deposit',
        title: 'Is the memo of a check legally binding?',
        content:
          'Our landlord kept half of our security deposit and wrote "final settlement" on the memo line of the check. Is the memo of a check legally binding?',
      },
      {
        keyword: 'eviction',
        title: 'Is this worth taking to the police?',
        content:
          'My landlord changed the locks while we were away and says we are evicted. We have a lease until June. Is this worth taking to the police?',
      },
    ];
    for (const post of disputes) {
      expect(readPostPoint(post).dispute).toBe(true);
      const text = await reply(post);
      expect(text).toMatch(/in writing|agreement|advice service|record/);
      expect(text).not.toMatch(/small case|small test|example first|setup|anecdote/);
    }
    // A formula about deposits is a technique, not a dispute.
    expect(
      readPostPoint({
        keyword: 'deposit',
        title: 'Formula to total deposits by month?',
        content:
          'My spreadsheet lists every deposit with its date. Is there a formula to total them by month?',
      }).dispute,
    ).toBe(false);
  });

  it('reads "I am trying to…" as asking how, "Does anyone have any good tips…" as asking for advice, and says a bare thing as theirs', async () => {
    expect(
      readPostPoint({
        keyword: 'listings',
        title: 'I am trying to build one sheet that lists every listing across my shops.',
        content: 'Each shop exports its own file. What I need is to figure out how to merge them every week.',
      }),
    ).toMatchObject({ kind: 'how', aim: 'build one sheet that lists every listing across your shops' });
    expect(
      readPostPoint({
        keyword: 'etsy shop',
        title: 'First shop',
        content:
          'Does this sub have any good tips for me on the best place to get started with an Etsy shop?',
      }).kind,
    ).toBe('how');
    const budget = await reply({
      keyword: 'travel budget',
      title: 'Need help constructing a travel budget',
      content:
        'I know this will not always be the case, so I am wondering if any of you have a light to shed on what kind of weekly budget a traveler through Europe can expect to spend on food?',
    });
    expect(budget).toMatch(/^With your weekly budget, /);
  });

  it('says back what a wish is for ("Want to write a novel?" is to write it), and finds no aim in asking for help', () => {
    const aimOf = (title: string) =>
      readPostPoint({ keyword: 'novel', title, content: 'A little more about it, in a sentence.' }).aim;
    expect(aimOf('Want to write a novel in February?')).toBe('write a novel in February');
    expect(aimOf('Looking to start some coding workshops at work?')).toBe(
      'start some coding workshops at work',
    );
    expect(aimOf('Need help with my resume?')).toBeNull();
    expect(aimOf('Resume - Help to make it more concise?')).toBeNull();
  });

  it('answers a question about keeping going with a way to keep going, and a fault with a way to find it', async () => {
    const keepGoing = await reply({
      keyword: 'listings',
      title: 'About ready to throw in the towel... How do you stay positive?',
      content: 'Seven weeks without a sale on my listings. I keep renewing them and nothing happens.',
    });
    expect(keepGoing).toMatch(/^To stay positive, /);
    expect(keepGoing).toMatch(/this week|a bad week|what you did/);
    const fault = await reply({
      keyword: 'listings',
      title: 'My listings show up blank in search, how do I fix that?',
      content: 'Since Tuesday every listing shows a blank photo in search results.',
    });
    expect(fault).not.toMatch(/automate|work backwards|sketch on paper|the people who'll use it/);
  });

  it('says back what a tool is asked for, and reads "what has worked for you" as asking for experience', async () => {
    const tools = {
      keyword: 'time use',
      title: 'Any tools to track your time use?',
      content: 'I lose whole afternoons and cannot say where they went.',
    };
    expect(readPostPoint(tools)).toMatchObject({ kind: 'recommend', aim: 'track your time use' });
    expect(await reply(tools)).toMatch(/^To track your time use, /);
    expect(
      readPostPoint({
        keyword: 'etsy shop',
        title: '[Question] What advertising methods have worked best for you?',
        content: "I've had an etsy shop for 2 years and haven't had much luck with sales.",
      }).kind,
    ).toBe('experience');
  });

  it('never leaves a lone noun without its article', async () => {
    const bench: ReplyProject = {
      name: 'Querybench',
      url: null,
      description: 'Querybench is a desktop SQL editor for PostgreSQL, MySQL and SQLite.',
      goal: 'Reach developers who write SQL',
      tov: 'Plain and technical.',
    };
    const ide = await reply(
      {
        keyword: 'IDE',
        title: 'Multi-DBMS IDE',
        content:
          "I'm on the search for a new IDE, and I'm hoping you fine folks might have some recommendations.",
      },
      bench,
    );
    expect(ide).toMatch(/^For an IDE,/);
    const query = await reply(
      {
        keyword: 'query',
        title: '[ACCESS] Help with query',
        content:
          'SELECT COUNT(referID) FROM transaction counts 30 rows when there are 12.\nAny ideas what is wrong?',
      },
      bench,
    );
    expect(query).toMatch(/^\w+ your query,/);
    expect(query).not.toMatch(/\b(?:with|for|on) query\b/i);
  });
});
