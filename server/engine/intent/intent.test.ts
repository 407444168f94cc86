import { describe, expect, it } from 'vitest';
import { intentModel, intents, readPost } from './intent';

const topIntent = (title: string, content: string) => {
  const probabilities = intentModel().probabilities(readPost({ title, content, network: 'reddit' }));
  return intents[probabilities.indexOf(Math.max(...probabilities))];
};

describe('the intent model', () => {
  it('gives every intent a probability, together one', () => {
    const probabilities = intentModel().probabilities(
      readPost({ title: 'Hello', content: 'Just saying hi.' }),
    );
    expect(probabilities).toHaveLength(intents.length);
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('reads a request for an app as asking for a tool', () => {
    expect(
      topIntent(
        'What app do you use to keep track of your budget?',
        'I have tried a spreadsheet but I keep forgetting to update it. Any recommendations for an app or software that works on the phone?',
      ),
    ).toBe('asks-tool');
  });

  it('reads a stuck beginner as asking for help', () => {
    expect(
      topIntent(
        'How do I stop my puppy from biting?',
        'We got a 10 week old puppy last week and she bites our hands whenever we play. We tried saying no but it does not work. What are we doing wrong?',
      ),
    ).toBe('asks-help');
  });

  it('reads a hiring post as a job', () => {
    expect(
      topIntent(
        '[Hiring] Looking for a freelance illustrator for a children’s book',
        'Paid project, about 20 illustrations, budget $2000. Send your portfolio and rates.',
      ),
    ).toBe('job');
  });
});
