import type { PostPoint } from './post-point';

/** How the answer is said: casual or formal. */
export interface AnswerVoice {
  formal: boolean;
}

/**
 * Picks one phrasing of a group for this post: a stable choice per post, skipping phrasings already used
 * by other replies of the same batch. For an optional part (`required` false) it gives null once every
 * phrasing of the group has been used, so the part is left out rather than repeated.
 */
export type PickPhrasing = (group: string, options: string[], required: boolean) => string | null;

/** The answer to a post's point: a lead that answers it, a follow-up and a question back, both optional. */
export interface Answer {
  lead: string;
  follow: string | null;
  ask: string | null;
}

/**
 * What a "how" question is after: tracking down a fault, building or doing something, keeping going, or
 * where to start at all.
 */
function howKindOf(point: PostPoint): 'fault' | 'build' | 'cope' | 'start' {
  const text = `${point.sentence} ${point.aim ?? ''}`;
  if (
    /\b(?:where (?:do|should|can|would) (?:i|we|one) (?:start|begin)|where to (?:start|begin)|(?:best )?place to (?:get )?start(?:ed)?|no idea (?:what|how|where)|(?:complete|total) (?:beginner|newbie)|get(?:ting)? started)\b/i.test(
      text,
    )
  )
    return 'start';
  // Code pasted with "any ideas?" asks why it does not do what it should.
  if (/[=(){};]|\b(?:SELECT|FROM|WHERE|JOIN)\b/.test(point.sentence)) return 'fault';
  if (
    /\b(?:stay|keep|remain)(?:ing)? (?:positive|motivated|sane|going|focused|calm)\b|\b(?:cope|coping|deal with (?:the )?(?:stress|rejection|burnout|anxiety)|not give up|throw in the towel|what(?:'s| is) wrong with me|can't (?:bring|get|make) myself|procrastinat\w*|(?:lost|no|lack of) motivation|unmotivated|in a rut|writer'?s block)\b/i.test(
      text,
    )
  )
    return 'cope';
  if (
    /\b(?:error|wrong|solve|fix|troubleshoot\w*|debug\w*|broken|breaks?|fail\w*|doesn't|does not|won't|isn't|not (?:working|showing|returning)|stopped|returns?|shows? up|missing|null|crash\w*|bug|problem|issue|instead of)\b/i.test(
      text,
    )
  )
    return 'fault';
  return 'build';
}

/** "an" before a vowel sound ("an IDE", "an SQL editor", "an app"), "a" otherwise ("a CRM", "a tool"). */
const articleFor = (word: string) =>
  /^[A-Z]{2,}/.test(word) ? (/^[AEFHILMNORSX]/.test(word) ? 'an' : 'a') : /^[aeiou]/i.test(word) ? 'an' : 'a';
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isDuration = (text: string | null) =>
  text !== null && /\b(?:minutes?|hours?|days?|weeks?|months?|years?)$/i.test(text);
const isCount = (text: string | null) =>
  text !== null &&
  !isDuration(text) &&
  /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\s+[a-z]+s$/i.test(
    text,
  );

/** Counts a line on setup effort fits: people, places or things a tool would be run for. */
const peopleCounted =
  /\b(?:staff|people|employees|users|clients|customers|engineers|developers|members|servers|services|stores|shops|locations|sites|listings|products|projects|accounts|databases)$/i;

/** Phrasings marked `~` are casual only: a formal tone of voice leaves them out ('' keeps the others' places). */
const voiced = (formal: boolean, options: string[]) =>
  options.map((option) => (!option.startsWith('~') ? option : formal ? '' : option.slice(1)));

/**
 * Answers the post's point in its own words: a "how do you…" question gets a way to go about it, a request
 * for a tool gets how to choose one, a choice gets how to decide between the two it names, a complaint gets
 * acknowledged before a suggestion, a show-and-tell gets congratulated and asked about. Every phrasing has
 * only slots the post fills cleanly (what they want to do, the thing it is about, a figure it gives).
 */
export function answerFor(point: PostPoint, voice: AnswerVoice, pick: PickPhrasing): Answer {
  const { detail, aim } = point;
  // A lone common noun reads as theirs ("With your query,", "Fair point on your query."), never bare.
  const lone =
    /^[a-z][a-z-]*[^s\s]$/.test(point.topic) ||
    // "weekly budget" is said as theirs too ("With your weekly budget,"), an activity is not ("tracking spending")
    (/^(?!(?:the|a|an|my|your|our|their|this|that)\s)[a-z][a-z-]*(?:\s[a-z][a-z-]*){1,2}$/.test(
      point.topic,
    ) &&
      !/(?:s|ing)$/.test(point.topic) &&
      !/^[a-z]+ing\b/.test(point.topic));
  const topic = lone ? `your ${point.topic}` : point.topic;
  const say = (group: string, options: string[], required = false) =>
    pick(group, voiced(voice.formal, options), required);
  const lead = (group: string, options: string[]) => say(group, options, true) ?? '';

  /** A line on the figure the post gives: how long it has gone on (a complaint), or how many it is for (a choice). */
  const figureFollow = (): string | null => {
    if (point.kind === 'complaint' && isDuration(detail))
      return say('after-duration', [
        `${capital(detail ?? '')} is a long time to put up with it.`,
        `After ${detail} of this, it's fair to want it sorted now.`,
      ]);
    if (
      (point.kind === 'recommend' || point.kind === 'choice') &&
      isCount(detail) &&
      peopleCounted.test(detail ?? '')
    )
      return say('with-count', [
        `At ${detail}, I'd weigh setup time as much as features.`,
        `For ${detail}, a simple setup everyone understands goes further than a clever one.`,
      ]);
    return null;
  };

  // A dispute with a landlord, an employer or a client is not a setup to test: the facts and the agreement decide it.
  if (point.dispute && (point.kind === 'yesno' || (point.kind === 'how' && !aim)))
    return {
      lead: lead('dispute', [
        `That sounds stressful. I'd get the facts in writing first: the dates, the amounts and who said what, since any answer turns on them.`,
        `I'd check what your lease, contract or agreement actually says before anything else; it usually decides more than either side's view of it.`,
        `Before deciding anything, I'd put your side in one short written message and keep a copy, so there's a record either way.`,
        `The rules on this differ a lot by place, so a local advice service is worth a call before you answer them.`,
      ]),
      follow: null,
      ask: say('dispute-ask', [
        `Do you have any of it in writing?`,
        `What does your agreement say about it?`,
      ]),
    };

  switch (point.kind) {
    case 'how': {
      const head = aim ? `To ${aim},` : `With ${topic},`;
      // One pool for both openings, so a day's "how" replies never share their advice; the phrasings that
      // suit the post come first: a fault to track down, something to build or do, or a way to keep going.
      const how = [
        `${head} I'd get it working on one small, real example first, then apply it to the rest.`,
        `${head} write down what you expect to happen and what happens instead; that gap usually points at the fix.`,
        `${head} split it into steps and check each one on its own, since it's usually a single step that's off.`,
        `${head} do it by hand once, note each step, then automate only the step that repeats.`,
        `${head} I'd start from the result you want and work backwards to the step that's missing.`,
        `${head} it's worth checking how others set it up first, because there's often a standard pattern to copy.`,
        `${head} I'd build the smallest version that works and add the awkward cases one at a time.`,
        `${head} try it on a copy first, so a mistake costs nothing and you can experiment freely.`,
        `${head} searching for the exact behaviour you see, word for word, usually turns up someone who solved it.`,
        `${head} a small sample of your data and the result you expect gets you a precise answer much faster.`,
        `${head} I'd change one thing at a time and check the result after each change.`,
        `${head} the official examples are usually closer to what you need than they look.`,
        `${head} I'd look for the simplest case that still fails and fix that one first.`,
        `${head} it helps to name the exact result you want in one sentence before touching anything.`,
        `${head} a quick sketch on paper of what goes in and what should come out saves a lot of trial and error.`,
        `${head} I'd check the settings and defaults first, because the surprise is often there rather than in your work.`,
        `${head} the fix is often smaller than it looks once you can reproduce the problem on demand.`,
        `${head} I'd ask the people who'll use it what they need before deciding how far to take it.`,
        `${head} I'd pick one small thing you can do this week and count that as the win, not the end result.`,
        `${head} it helps to track what you did rather than what came back, since only the first is in your hands.`,
        `${head} a routine small enough to keep on a bad week does more than a big push now and then.`,
        `${head} I'd settle the one decision everything else hangs on first, and leave the details for later.`,
        `${head} a short first version you can actually finish teaches you more than a perfect plan.`,
        `${head} I'd copy what someone a step ahead of you did, then change only what doesn't fit you.`,
      ];
      const suits = {
        fault: [1, 2, 8, 9, 10, 12, 15, 16],
        build: [0, 3, 4, 5, 6, 7, 11, 13, 14],
        cope: [18, 19, 20],
        start: [21, 22, 23],
      };
      const kind = howKindOf(point);
      const mine = new Set(suits[kind]);
      const first =
        say(
          'how',
          how.map((option, index) => (mine.has(index) ? option : '')),
        ) ?? lead('how', how);
      return {
        lead: first,
        follow: figureFollow(),
        // Keeping going is asked about differently from a fault or a setup.
        ask:
          kind === 'cope'
            ? say('how-ask', [
                `What have you tried so far?`,
                `What usually gets in the way on the days it doesn't happen?`,
              ])
            : kind === 'start'
              ? say('how-ask', [
                  `What part feels most uncertain right now?`,
                  `What have you looked at so far?`,
                ])
              : say('how-ask', [
                  `What have you tried so far?`,
                  `Where exactly does it stop working for you?`,
                  `What does your setup look like right now?`,
                ]),
      };
    }
    case 'recommend': {
      // One of a kind they look for: "For an IDE,", "For a CRM,", never "For IDE,".
      const wanted = /^(?:[A-Z]{2,}|[a-z][a-z-]*[^s\s])$/.test(point.topic)
        ? `${articleFor(point.topic)} ${point.topic}`
        : point.topic;
      // What the tool is for, when the post says it ("To track your time use,").
      const head = aim ? `To ${aim},` : `For ${wanted},`;
      return {
        lead: lead('recommend', [
          `${head} I'd shortlist two or three options and try each on a real week of work; the one you still use on Friday wins.`,
          `${head} the simplest option that covers what you actually need usually beats the feature-heavy one.`,
          `${head} list the two or three things you can't do without and rule out any option that misses one.`,
          `${head} ask people who've used one for a year, not a week, because the annoyances only show up later.`,
          `${head} check how easy it is to get your data out again before you commit; switching later is the expensive part.`,
          `${head} free trials are worth more than reviews, so I'd give two candidates a real run side by side.`,
          `${head} I'd write down what annoys you about what you use now; that list is your real requirements.`,
        ]),
        follow: figureFollow(),
        ask: say('recommend-ask', [
          `What's the one thing it has to do well?`,
          `What are you using at the moment?`,
          `Is price or setup time the bigger constraint for you?`,
        ]),
      };
    }
    case 'choice': {
      const [a, b] = point.options ?? [topic, 'the alternative'];
      return {
        lead: lead('choice', [
          `Between ${a} and ${b}, I'd try both on a small slice of real work and keep whichever needs less babysitting.`,
          `~${a} vs ${b} is closer than it looks; pick the one your team can run without reading a manual.`,
          `I'd decide between ${a} and ${b} on the one feature you'd use every day, not on the full comparison table.`,
          `${a} and ${b} both do the job, so the deciding factor is usually which one fits how you already work.`,
        ]),
        follow: figureFollow(),
        ask: say('choice-ask', [
          `What would you use it for most days?`,
          `Which one does your team lean towards?`,
        ]),
      };
    }
    case 'yesno': {
      const sameHere = /^(?:anyone else|is it just me|does anyone else|has anyone else)\b/i.test(
        point.sentence,
      );
      return {
        lead: sameHere
          ? lead('same-here', [
              `You're not the only one seeing ${topic}; it comes and goes for a lot of people.`,
              `It's not just you with ${topic}, and it often evens out again after a few weeks.`,
            ])
          : lead('yesno', [
              `On ${topic}, experiences vary a lot, so a small test of your own will tell you more than anyone's anecdote.`,
              `Short answer on ${topic}: it can work, but I'd test it on one small case before relying on it.`,
              `With ${topic}, the answer usually turns on one detail of your setup, so share as much of it as you can.`,
              `I've seen ${topic} go both ways; what usually decides it is how well it fits what you already do.`,
              `For ${topic}, a small trial tells you more than any opinion online.`,
            ]),
        follow: figureFollow(),
        ask: null,
      };
    }
    case 'why':
      return {
        lead: lead('why', [
          `My guess on ${topic}: it was the easiest thing to set up early on, and nobody went back to question it.`,
          `~Partly habit, I think: with ${topic}, the first model that worked became the default, even where it rewards the wrong thing.`,
          `On ${topic}, it's mostly what's easy to measure and bill, rather than what's fair to the people paying.`,
        ]),
        follow: figureFollow(),
        ask: null,
      };
    case 'feedback': {
      // What they asked others to judge, as theirs ("your shop").
      const yours = topic.replace(/^the /, 'your ');
      return {
        lead: lead('feedback', [
          `Happy to give feedback on ${yours}: the first thing I'd check is whether a stranger gets what it's for within a few seconds.`,
          `On ${yours}, feedback is most useful against a goal, so say who it's for and what you want them to do next.`,
          `For ${yours}, I'd start with the first thing people see, since that's where most of them decide whether to keep going.`,
          `${capital(yours)} is easier to judge with one goal in mind, so I'd pick the single change that serves it best first.`,
        ]),
        follow: figureFollow(),
        ask: say('feedback-ask', [
          `Which part are you least sure about?`,
          `What have you changed most recently, and did it move anything?`,
        ]),
      };
    }
    case 'experience':
      return {
        lead: lead('experience', [
          `On ${topic}, people who've tried it report very mixed results, so I'd ask for numbers (what it cost and what came back) rather than impressions.`,
          `With ${topic}, results depend so much on the setup that two or three detailed accounts are worth more than a dozen quick verdicts.`,
          `I'd ask anyone who answers about ${topic} what they put in and what they got back; that's the part that carries over to you.`,
        ]),
        follow: figureFollow(),
        ask: say('experience-ask', [
          `What would a good result look like for you?`,
          `What have you tried so far?`,
        ]),
      };
    case 'complaint':
      return {
        lead: lead('complaint', [
          `That sounds exhausting, and ${topic} shouldn't eat this much of your week.`,
          `~Been there with ${topic}; it wears you down fast.`,
          `Problems with ${topic} like this are more common than they should be, and it's rarely your fault alone.`,
          `Sorry you're dealing with ${topic}; it drains more energy than it looks from the outside.`,
          `Trouble with ${topic} is frustrating precisely because it keeps coming back.`,
        ]),
        follow:
          figureFollow() ??
          say('complaint-follow', [
            `What helped me was fixing the one step that breaks most often first, not the whole process.`,
            `Writing down exactly where it goes wrong usually shows the fix is smaller than it feels.`,
            `A short log kept for a week shows patterns fast once they're on paper.`,
          ]),
        ask: null,
      };
    case 'showcase': {
      const shown = point.shown ?? topic;
      return {
        lead: lead('showcase', [
          `Congrats on ${shown}.`,
          `Nice work on ${shown}.`,
          `Well done on ${shown}.`,
          `Good to see ${shown} out in the world.`,
        ]),
        follow: say('showcase-follow', [
          `What was the hardest part to get right?`,
          `Curious what surprised you most along the way.`,
          `How did people react at first?`,
        ]),
        ask: null,
      };
    }
    case 'claim':
      return {
        lead: lead('claim', [
          `Fair point on ${topic}.`,
          `Agreed on ${topic}, and it's rarely said this plainly.`,
          `You're right about ${topic}; most people notice it and say nothing.`,
          `That matches what I've seen with ${topic}.`,
        ]),
        follow: say('claim-follow', [
          `Most people accept it because pushing back feels risky, but asking rarely costs what you'd fear.`,
          `The hard part is usually getting everyone else to see it too.`,
          `I'd be curious what you'd change first.`,
        ]),
        ask: null,
      };
  }
}
