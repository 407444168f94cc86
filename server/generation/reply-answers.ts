import type { PostPoint } from './post-point';

/** How the answer is said: casual or formal, and how a casual line may end. */
export interface AnswerVoice {
  formal: boolean;
  /** '!' when the tone of voice allows an exclamation mark now and then, else '.'. */
  end: string;
}

/** The answer to a post's point: a lead that answers it, and a follow-up line the reply drops when short. */
export interface Answer {
  lead: string;
  follow: string | null;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isDuration = (text: string | null) =>
  text !== null && /\b(?:minutes?|hours?|days?|weeks?|months?|years?)$/i.test(text);
const isCount = (text: string | null) =>
  text !== null &&
  /^(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\b/i.test(
    text,
  );

type Choose = <T>(options: T[]) => T;

/**
 * Answers the post's point in its own words: a "how do you…" question gets a way to do it, a request for
 * a tool gets how to choose one, a choice gets how to decide between the two it names, a complaint gets
 * acknowledged before a suggestion, a show-and-tell gets congratulated and asked about.
 */
export function answerFor(point: PostPoint, voice: AnswerVoice, choose: Choose): Answer {
  const { topic, detail, formal } = { ...point, formal: voice.formal };
  const { end } = voice;
  switch (point.kind) {
    case 'how': {
      const head = point.aim ? `To ${point.aim},` : `With ${topic},`;
      const lead = formal
        ? choose([
            `${head} it helps to agree the rules in advance and write them down, so each case is not a new negotiation.`,
            `${head} a fixed routine tends to work better than deciding case by case, because everyone knows what comes next.`,
          ])
        : choose([
            `${head} I'd agree the rules up front and write them down, so it stops being a judgement call every time.`,
            `${head} what worked for me was one fixed routine instead of case-by-case calls; people get used to a routine fast.`,
          ]);
      const follow = isCount(detail)
        ? formal
          ? `With ${detail} involved, that consistency matters even more.`
          : `With ${detail} in the mix, consistency matters more than the exact rule.`
        : formal
          ? `Revisit ${topic} after a month rather than adjusting it every week.`
          : `Give it a month before tweaking anything about ${topic}.`;
      return { lead, follow };
    }
    case 'recommend': {
      const lead = formal
        ? choose([
            `For ${topic}, I would shortlist two or three options and trial each on a real week of work before deciding.`,
            `For ${topic}, the simplest option that covers your actual needs usually serves better than the most complete one.`,
          ])
        : choose([
            `For ${topic}, I'd shortlist two or three options and try each on a real week of work; the one people still use on Friday wins.`,
            `For ${topic}, the simplest option that covers what you actually need usually beats the feature-heavy one${end}`,
          ]);
      const follow = isCount(detail)
        ? formal
          ? `Given ${detail}, setup time deserves as much weight as the feature list.`
          : `With ${detail}, I'd weigh setup time as much as features.`
        : null;
      return { lead, follow };
    }
    case 'choice': {
      const [first, second] = point.options ?? [topic, 'the alternative'];
      const lead = formal
        ? choose([
            `Between ${first} and ${second}, I would trial both on a small slice of real ${topic} work and keep the one that needs less maintenance.`,
            `${first} and ${second} are closer than they appear; the better choice is the one your team can run without a manual.`,
          ])
        : choose([
            `Between ${first} and ${second}, I'd try both on a small slice of real ${topic} work and keep whichever needs less babysitting.`,
            `${first} vs ${second} is closer than it looks; pick the one your team can run without reading a manual.`,
          ]);
      const follow = detail
        ? formal
          ? `At ${detail}, running costs will matter more than features.`
          : `At ${detail}, running costs matter more than the feature list.`
        : null;
      return { lead, follow };
    }
    case 'yesno': {
      const lead = formal
        ? choose([
            `On ${topic}, it depends mostly on how it is communicated: agreed early and stated plainly, it rarely causes a problem.`,
            `There usually is a reasonable way with ${topic}: set the rule openly, ask the people affected, and review it after a month.`,
          ])
        : choose([
            `Honestly, with ${topic} it comes down to how it's handled: agreed early and said plainly, it rarely becomes a problem.`,
            `It can work with ${topic}, as long as you set the rule openly, ask the people it affects, and review it after a month.`,
          ]);
      const follow = isDuration(detail)
        ? formal
          ? `With ${detail} already in the picture, I would raise it sooner rather than later.`
          : `With ${detail} already gone by, I'd raise it sooner rather than later.`
        : null;
      return { lead, follow };
    }
    case 'why': {
      const lead = formal
        ? `Largely because ${topic} is the easiest thing to measure, so it becomes what gets priced and managed.`
        : choose([
            `Mostly because ${topic} is the easiest thing to measure, so it ends up being what gets priced.`,
            `Partly habit: ${topic} is simple to meter, even when it rewards the wrong behaviour.`,
          ]);
      const follow = detail
        ? `The ${detail} point is the strongest argument against it${formal ? '' : ', and worth raising with them'}.`
        : null;
      return { lead, follow };
    }
    case 'complaint': {
      const lead = formal
        ? choose([
            `That is a frustrating position to be in, and ${topic} should not take this much of your time.`,
            `Problems with ${topic} like this are more common than they should be.`,
          ])
        : isDuration(detail)
          ? `${capital(detail ?? '')} lost to ${topic} is rough${end}`
          : choose([
              `That sounds exhausting, and ${topic} shouldn't eat this much of your week.`,
              `Been there with ${topic}; it wears you down fast${end}`,
            ]);
      const follow = formal
        ? 'It usually helps to fix the one step that fails most often first, rather than the whole process at once.'
        : choose([
            'What helped me was fixing the one step that breaks most often first, not the whole process.',
            'Writing down exactly where it goes wrong usually shows the fix is smaller than it feels.',
          ]);
      return { lead, follow };
    }
    case 'showcase': {
      const shown = point.shown ?? topic;
      const lead = formal
        ? choose([`Congratulations on ${shown}.`, `Well done on ${shown}.`])
        : choose([`Congrats on ${shown}${end}`, `Nice work on ${shown}${end}`]);
      const follow = isCount(detail)
        ? formal
          ? `It would be interesting to hear how ${detail} have shaped it so far.`
          : `Curious how ${detail} shaped it so far.`
        : formal
          ? `It would be interesting to hear what you learned about ${topic} along the way.`
          : `Curious what surprised you most about ${topic}.`;
      return { lead, follow };
    }
    case 'claim': {
      const lead = formal
        ? `You make a fair point about ${topic}, and it is rarely said this plainly.`
        : choose([`Fair point on ${topic}${end}`, `Agreed on ${topic}, and it's rarely said this plainly.`]);
      const follow = formal
        ? 'Most people accept it because pushing back feels risky, but asking rarely costs as much as it seems.'
        : "Most people accept it because pushing back feels risky, but asking rarely costs what you'd fear.";
      return { lead, follow };
    }
  }
}
